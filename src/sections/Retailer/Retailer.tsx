import { CheckList } from '../../ui/CheckList.tsx';
import { Container } from '../../ui/Container.tsx';
import type { SectionProps } from '../types.ts';
import styles from './Retailer.module.css';

/** The retailer's own block: savings on eligible products and local contractor connections. */
export function Retailer({ section: { id, props: section } }: SectionProps<'retailer'>) {
  const titleId = `${id}-title`;
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <Container className={styles.layout}>
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
          <h2 id={titleId} className={styles.title}>
            {section.title}
          </h2>
          <p>{section.text}</p>
          <CheckList items={section.bullets} />
        </div>
      </Container>
    </section>
  );
}
