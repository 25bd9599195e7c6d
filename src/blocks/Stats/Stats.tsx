import { BlockSection, BlockTitle, blockTitleId } from '../scaffold/BlockSection.tsx';
import type { BlockProps } from '../types.ts';
import { StatIcon } from './StatIcon.tsx';
import styles from './Stats.module.css';

/**
 * Two to four facts side by side ("4.8/5 average rating"). A list, so screen readers announce how
 * many there are; each value is read before its label, as one phrase.
 */
export function Stats({ section }: BlockProps<'stats'>) {
  const { title, items, background = 'tint' } = section.props;
  const titleId = blockTitleId(section.id);
  return (
    <BlockSection
      id={section.id}
      className={styles.section}
      background={background}
      titleId={title ? titleId : undefined}
    >
      {title && (
        <BlockTitle id={titleId} className={styles.title}>
          {title}
        </BlockTitle>
      )}
      <ul className={styles.items} data-count={items.length}>
        {items.map((item, index) => (
          <li key={index} className={styles.item}>
            {item.icon && <StatIcon name={item.icon} className={styles.icon} />}
            <span className={styles.value}>{item.value}</span>{' '}
            <span className={styles.label}>{item.label}</span>
          </li>
        ))}
      </ul>
    </BlockSection>
  );
}
