import { pictureSrcSet } from '../../config/pictureRule.ts';
import { Html } from '../../ui/Html.tsx';
import { BlockSection, BlockTitle, blockTitleId } from '../scaffold/BlockSection.tsx';
import { useBlockActionHref } from '../blockAction.ts';
import type { BlockProps } from '../types.ts';
import buttonStyles from '../../styles/button.module.css';
import styles from './ImageText.module.css';

type ImageTextButton = NonNullable<BlockProps<'imageText'>['section']['props']['button']>;

/**
 * A picture beside a heading and text. The text comes first in the document (screen readers and
 * phones read the heading before the picture); on wider screens CSS puts the picture on the
 * chosen side.
 */
export function ImageText({ section, page, partner }: BlockProps<'imageText'>) {
  const {
    image,
    imageAlt,
    imageSide,
    title,
    bodyHtml,
    button,
    background = 'white',
  } = section.props;
  const titleId = blockTitleId(section.id);
  return (
    <BlockSection
      id={section.id}
      className={styles.section}
      background={background}
      titleId={titleId}
      layout={styles.layout}
    >
      <div className={styles.text} data-side={imageSide}>
        <BlockTitle id={titleId} className={styles.title}>
          {title}
        </BlockTitle>
        <Html as="div" html={bodyHtml} className={styles.body} />
        {button && <BlockButton button={button} page={page} partner={partner} />}
      </div>
      <img
        className={styles.image}
        data-side={imageSide}
        src={image}
        srcSet={pictureSrcSet(image)}
        alt={imageAlt ?? ''}
        width={960}
        height={720}
        // No decoding="async": see DecorativeImage.
        loading="lazy"
      />
    </BlockSection>
  );
}

function BlockButton({
  button,
  page,
  partner,
}: {
  button: ImageTextButton;
  page: BlockProps<'imageText'>['page'];
  partner: BlockProps<'imageText'>['partner'];
}) {
  const href = useBlockActionHref(button.action, page, partner);
  return (
    <a className={`${buttonStyles.button} ${styles.button}`} href={href}>
      {button.text}
    </a>
  );
}
