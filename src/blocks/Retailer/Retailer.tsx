import { CheckList } from '../../ui/CheckList.tsx';
import { BlockSection, BlockTitle, blockTitleId } from '../scaffold/BlockSection.tsx';
import type { BlockProps } from '../types.ts';
import styles from './Retailer.module.css';
import { DecorativeImage } from '../../ui/DecorativeImage.tsx';

/** The retailer's own block: savings on eligible products and local contractor connections. */
export function Retailer({ section: { id, props: section } }: BlockProps<'retailer'>) {
  const titleId = blockTitleId(id);
  return (
    <BlockSection className={styles.section} titleId={titleId} layout={styles.layout}>
      <DecorativeImage className={styles.image} src={section.image} width={960} height={540} />
      <div>
        <BlockTitle id={titleId} className={styles.title}>
          {section.title}
        </BlockTitle>
        <p>{section.text}</p>
        <CheckList items={section.bullets} />
      </div>
    </BlockSection>
  );
}
