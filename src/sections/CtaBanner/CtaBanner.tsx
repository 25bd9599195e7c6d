import { Container } from '../../ui/Container.tsx';
import { useBlockActionHref } from '../blockAction.ts';
import type { SectionProps } from '../types.ts';
import buttonStyles from '../../styles/button.module.css';
import styles from './CtaBanner.module.css';

/**
 * A call to action in a dark band of the brand colour: a heading, a sentence and one button that
 * scrolls to the signup form or opens another page of the partner.
 */
export function CtaBanner({ section, page, partner }: SectionProps<'ctaBanner'>) {
  const { title, text, buttonText, action } = section.props;
  const href = useBlockActionHref(action, page, partner);
  const titleId = `${section.id}-title`;
  return (
    <section id={section.id} className={styles.section} aria-labelledby={titleId}>
      <Container>
        <div className={styles.band}>
          <div className={styles.copy}>
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
            {text && <p className={styles.text}>{text}</p>}
          </div>
          <a className={`${buttonStyles.button} ${styles.button}`} href={href}>
            {buttonText}
          </a>
        </div>
      </Container>
    </section>
  );
}
