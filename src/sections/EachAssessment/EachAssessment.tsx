import { CheckList } from '../../ui/CheckList.tsx';
import { Container } from '../../ui/Container.tsx';
import type { SectionProps } from '../types.ts';
import styles from './EachAssessment.module.css';

export function EachAssessment({ section }: SectionProps<'eachAssessment'>) {
  const eachSection = section.props;
  const titleId = `${section.id}-title`;
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <Container className={styles.layout}>
        <div>
          <h2 id={titleId} className={styles.title}>
            {eachSection.title}
          </h2>
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
      </Container>
    </section>
  );
}
