import { BlockSection, BlockTitle, blockTitleId } from '../scaffold/BlockSection.tsx';
import { useBlockActionHref } from '../blockAction.ts';
import type { BlockProps } from '../types.ts';
import buttonStyles from '../../styles/button.module.css';
import styles from './CtaBanner.module.css';

/**
 * A call to action in a dark band of the brand colour: a heading, a sentence and one button that
 * scrolls to the signup form or opens another page of the partner.
 */
export function CtaBanner({ section, page, partner }: BlockProps<'ctaBanner'>) {
  const { title, text, buttonText, action } = section.props;
  const href = useBlockActionHref(action, page, partner);
  const titleId = blockTitleId(section.id);
  return (
    <BlockSection id={section.id} className={styles.section} titleId={titleId}>
      <div className={styles.band}>
        <div className={styles.copy}>
          <BlockTitle id={titleId} className={styles.title}>
            {title}
          </BlockTitle>
          {text && <p className={styles.text}>{text}</p>}
        </div>
        <a className={`${buttonStyles.button} ${styles.button}`} href={href}>
          {buttonText}
        </a>
      </div>
    </BlockSection>
  );
}
