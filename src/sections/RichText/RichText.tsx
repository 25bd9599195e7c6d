import { Container } from '../../ui/Container.tsx';
import { Html } from '../../ui/Html.tsx';
import type { SectionProps } from '../types.ts';
import styles from './RichText.module.css';

/**
 * Formatted text from the partner file, at a comfortable reading width. The HTML was cleaned to
 * the allow-list when the file was loaded (bodyHtml ends in "Html").
 */
export function RichText({ section }: SectionProps<'richText'>) {
  const { title, bodyHtml, background = 'white' } = section.props;
  const titleId = `${section.id}-title`;
  return (
    <section
      id={section.id}
      className={styles.section}
      data-background={background}
      aria-labelledby={title ? titleId : undefined}
    >
      <Container>
        <div className={styles.column}>
          {title && (
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
          )}
          <Html as="div" html={bodyHtml} className={styles.body} />
        </div>
      </Container>
    </section>
  );
}
