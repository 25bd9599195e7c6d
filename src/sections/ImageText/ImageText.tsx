import { Container } from '../../ui/Container.tsx';
import { Html } from '../../ui/Html.tsx';
import { useBlockActionHref } from '../blockAction.ts';
import type { SectionProps } from '../types.ts';
import buttonStyles from '../../styles/button.module.css';
import styles from './ImageText.module.css';

type ImageTextButton = NonNullable<SectionProps<'imageText'>['section']['props']['button']>;

/**
 * A picture beside a heading and text. The text comes first in the document (screen readers and
 * phones read the heading before the picture); on wider screens CSS puts the picture on the
 * chosen side.
 */
export function ImageText({ section, page, partner }: SectionProps<'imageText'>) {
  const {
    image,
    imageAlt,
    imageSide,
    title,
    bodyHtml,
    button,
    background = 'white',
  } = section.props;
  const titleId = `${section.id}-title`;
  return (
    <section
      id={section.id}
      className={styles.section}
      data-background={background}
      aria-labelledby={titleId}
    >
      <Container className={styles.layout}>
        <div className={styles.text} data-side={imageSide}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <Html as="div" html={bodyHtml} className={styles.body} />
          {button && <BlockButton button={button} page={page} partner={partner} />}
        </div>
        <img
          className={styles.image}
          data-side={imageSide}
          src={image}
          alt={imageAlt ?? ''}
          width={960}
          height={720}
          loading="lazy"
          decoding="async"
        />
      </Container>
    </section>
  );
}

function BlockButton({
  button,
  page,
  partner,
}: {
  button: ImageTextButton;
  page: SectionProps<'imageText'>['page'];
  partner: SectionProps<'imageText'>['partner'];
}) {
  const href = useBlockActionHref(button.action, page, partner);
  return (
    <a className={`${buttonStyles.button} ${styles.button}`} href={href}>
      {button.text}
    </a>
  );
}
