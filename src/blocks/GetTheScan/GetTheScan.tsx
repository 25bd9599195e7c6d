import { signupFormFor } from '../../flows/signup/signupFormFor.ts';
import { LazySignupForm } from '../../forms/signup/LazySignupForm.tsx';
import { CheckList } from '../../ui/CheckList.tsx';
import { OfferGate } from '../../ui/OfferGate/OfferGate.tsx';
import { BlockSection, BlockTitle, blockTitleId } from '../scaffold/BlockSection.tsx';
import { useSignupHandler } from '../signupHandler.ts';
import type { BlockProps } from '../types.ts';
import styles from './GetTheScan.module.css';

/**
 * The four benefits beside the signup form; the hero's button scrolls here.
 *
 * The form is its own chunk (LazySignupForm). On a prerendered landing page its HTML is on screen
 * from the start and its code is fetched only when the section nears the viewport or the visitor
 * reaches into it (until then React keeps the prerendered HTML, see SignupForm's hydration notes).
 * Rendered in the browser from scratch it is fetched at once, with a same-sized placeholder
 * meanwhile.
 */
export function GetTheScan({ partner, section }: BlockProps<'getTheScan'>) {
  const blockId = section.id;
  const titleId = blockTitleId(blockId);
  const onSubmit = useSignupHandler();
  return (
    <BlockSection id={blockId} className={styles.section} titleId={titleId} layout={styles.layout}>
      <div className={styles.benefits}>
        <BlockTitle id={titleId} className={styles.title}>
          {section.props.title}
        </BlockTitle>
        <CheckList items={section.props.bullets} />
      </div>
      <OfferGate partner={partner} headingLevel={3}>
        <LazySignupForm
          anchorId={blockId}
          placeholderClassName={styles.formPlaceholder}
          form={signupFormFor(partner)}
          partnerName={partner.name}
          onSubmit={onSubmit}
          idPrefix={blockId}
          headingLevel={3}
        />
      </OfferGate>
    </BlockSection>
  );
}
