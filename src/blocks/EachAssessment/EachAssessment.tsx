import { CheckList } from '../../ui/CheckList.tsx';
import { BlockSection, BlockTitle, blockTitleId } from '../scaffold/BlockSection.tsx';
import type { BlockProps } from '../types.ts';
import styles from './EachAssessment.module.css';
import { DecorativeImage } from '../../ui/DecorativeImage.tsx';

export function EachAssessment({ section }: BlockProps<'eachAssessment'>) {
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
        <DecorativeImage
          className={styles.bannerImage}
          src={eachSection.bannerImage}
          width={1200}
          height={420}
        />
        <figcaption className={styles.bannerText}>{eachSection.bannerText}</figcaption>
      </figure>
    </BlockSection>
  );
}
