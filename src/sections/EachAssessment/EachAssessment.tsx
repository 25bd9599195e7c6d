import { CheckList } from '../../ui/CheckList.tsx';
import { BlockSection, BlockTitle, blockTitleId } from '../scaffold/BlockSection.tsx';
import type { SectionProps } from '../types.ts';
import styles from './EachAssessment.module.css';

export function EachAssessment({ section }: SectionProps<'eachAssessment'>) {
  const eachSection = section.props;
  const titleId = blockTitleId(section.id);
  return (
    <BlockSection className={styles.section} titleId={titleId} layout={styles.layout}>
      <div>
        <BlockTitle id={titleId} className={styles.title}>
          {eachSection.title}
        </BlockTitle>
        <CheckList items={eachSection.bullets} />
      </div>
      <figure className={styles.banner}>
        <img
          className={styles.bannerImage}
          src={eachSection.bannerImage}
          alt=""
          width={1200}
          height={420}
          loading="lazy"
          decoding="async"
        />
        <figcaption className={styles.bannerText}>{eachSection.bannerText}</figcaption>
      </figure>
    </BlockSection>
  );
}
