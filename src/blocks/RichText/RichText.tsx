import { Html } from '../../ui/Html.tsx';
import { BlockSection, BlockTitle, blockTitleId } from '../scaffold/BlockSection.tsx';
import type { BlockProps } from '../types.ts';
import styles from './RichText.module.css';

/**
 * Formatted text from the partner file, at a comfortable reading width. The HTML was cleaned to
 * the allow-list when the file was loaded (bodyHtml ends in "Html").
 */
export function RichText({ section }: BlockProps<'richText'>) {
  const { title, bodyHtml, background = 'white' } = section.props;
  const titleId = blockTitleId(section.id);
  return (
    <BlockSection
      id={section.id}
      className={styles.section}
      background={background}
      titleId={title ? titleId : undefined}
    >
      <div className={styles.column}>
        {title && (
          <BlockTitle id={titleId} className={styles.title}>
            {title}
          </BlockTitle>
        )}
        <Html as="div" html={bodyHtml} className={styles.body} />
      </div>
    </BlockSection>
  );
}
