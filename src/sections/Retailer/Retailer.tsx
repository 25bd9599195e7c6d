import { CheckList } from '../../ui/CheckList.tsx';
import { BlockSection, BlockTitle, blockTitleId } from '../scaffold/BlockSection.tsx';
import type { SectionProps } from '../types.ts';
import styles from './Retailer.module.css';

/** The retailer's own block: savings on eligible products and local contractor connections. */
export function Retailer({ section: { id, props: section } }: SectionProps<'retailer'>) {
  const titleId = blockTitleId(id);
  return (
    <BlockSection className={styles.section} titleId={titleId} layout={styles.layout}>
      <img
        className={styles.image}
        src={section.image}
        alt=""
        width={960}
        height={540}
        loading="lazy"
        decoding="async"
      />
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
