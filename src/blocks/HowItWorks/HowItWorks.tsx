import { BlockSection, BlockTitle, blockTitleId } from '../scaffold/BlockSection.tsx';
import type { BlockProps } from '../types.ts';
import styles from './HowItWorks.module.css';
import { DecorativeImage } from '../../ui/DecorativeImage.tsx';
import { blocksWords } from '../../i18n/areas/blocks.ts';
import { useText } from '../../i18n/words.ts';

/** Three numbered steps; an ordered list so screen readers announce "1 of 3". */
export function HowItWorks({ section }: BlockProps<'howItWorks'>) {
  const dwellWorks = section.props;
  const titleId = blockTitleId(section.id);
  const t = useText(blocksWords);
  return (
    <BlockSection className={styles.section} titleId={titleId}>
      <BlockTitle id={titleId} className={styles.title}>
        {dwellWorks.title}
      </BlockTitle>
      <ol className={styles.cards}>
        {dwellWorks.cards.map((card, index) => (
          <li key={card.title} className={styles.card}>
            <DecorativeImage className={styles.image} src={card.image} width={480} height={320} />
            <div className={styles.body}>
              <span className={styles.number} aria-hidden="true">
                {index + 1}
              </span>
              <h3 className={styles.cardTitle}>
                <span className="visually-hidden">{t('step', { number: index + 1 })}</span>
                {card.title}
              </h3>
              <p className={styles.description}>{card.description}</p>
            </div>
          </li>
        ))}
      </ol>
    </BlockSection>
  );
}
