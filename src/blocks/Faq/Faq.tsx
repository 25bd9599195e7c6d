import * as Accordion from '@radix-ui/react-accordion';
import type { ReactNode } from 'react';
import { Html } from '../../ui/Html.tsx';
import { LineIcon } from '../../ui/icons/LineIcon.tsx';
import { BlockSection, BlockTitle, blockTitleId } from '../scaffold/BlockSection.tsx';
import type { BlockProps } from '../types.ts';
import styles from './Faq.module.css';

/**
 * Questions that open to show their answers, on Radix's accordion: each question is a button
 * inside an <h3> (under the block's <h2>), with aria-expanded and aria-controls, and the arrow
 * keys, Home and End move between questions. The answers are always in the HTML (closed ones
 * hidden by CSS on Radix's data-state), so the prerendered page carries them.
 */
export function Faq({ section }: BlockProps<'faq'>) {
  const { title, items, allowMultipleOpen = false } = section.props;
  const titleId = blockTitleId(section.id);
  const list = items.map((item, index) => (
    <Accordion.Item key={index} value={`${section.id}-${index}`} className={styles.item}>
      <Accordion.Header className={styles.question}>
        <Accordion.Trigger className={styles.trigger}>
          <span>{item.question}</span>
          <Chevron />
        </Accordion.Trigger>
      </Accordion.Header>
      <Accordion.Content forceMount className={styles.answer}>
        <Html as="div" html={item.answerHtml} className={styles.answerText} />
      </Accordion.Content>
    </Accordion.Item>
  ));
  return (
    <BlockSection id={section.id} className={styles.section} titleId={titleId}>
      <div className={styles.column}>
        <BlockTitle id={titleId} className={styles.title}>
          {title}
        </BlockTitle>
        <Questions multiple={allowMultipleOpen}>{list}</Questions>
      </div>
    </BlockSection>
  );
}

/** Radix types "single" and "multiple" roots apart; one wrapper keeps the choice in one place. */
function Questions({ multiple, children }: { multiple: boolean; children: ReactNode }) {
  return multiple ? (
    <Accordion.Root type="multiple" className={styles.list}>
      {children}
    </Accordion.Root>
  ) : (
    <Accordion.Root type="single" collapsible className={styles.list}>
      {children}
    </Accordion.Root>
  );
}

function Chevron() {
  return <LineIcon className={styles.chevron} path="M5 9l7 7 7-7" size={24} strokeWidth={2.5} />;
}
