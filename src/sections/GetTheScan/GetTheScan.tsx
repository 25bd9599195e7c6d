import { lazy, memo, Suspense, useState } from 'react';
import { isPrerendered } from '../../ui/hydration.ts';
import type { PartnerConfig } from '../../config/generated/partner.ts';
import { CheckList } from '../../ui/CheckList.tsx';
import { Container } from '../../ui/Container.tsx';
import { whenNearId } from '../../ui/whenNear.ts';
import { useSignupHandler } from '../signupHandler.ts';
import type { SectionProps } from '../types.ts';
import styles from './GetTheScan.module.css';

const loadSignupForm = async () => ({
  default: (await import('../../forms/signup/SignupForm.tsx')).SignupForm,
});

/**
 * The four benefits beside the signup form; the hero's button scrolls here.
 *
 * The form (rjsf, the Radix select and the precompiled validators) is its own chunk. On a
 * prerendered landing page its HTML is on screen from the start and its code is fetched only when
 * the section nears the viewport or the visitor reaches into it (until then React keeps the
 * prerendered HTML, see SignupForm's hydration notes). Rendered in the browser from scratch it is
 * fetched at once, with a same-sized placeholder meanwhile.
 */
export function GetTheScan({ partner, section }: SectionProps<'getTheScan'>) {
  const sectionId = section.id;
  const onSubmit = useSignupHandler();
  return (
    <section id={sectionId} className={styles.section} aria-labelledby={`${sectionId}-title`}>
      <Container className={styles.layout}>
        <div className={styles.benefits}>
          <h2 id={`${sectionId}-title`} className={styles.title}>
            {section.props.title}
          </h2>
          <CheckList items={section.props.bullets} />
        </div>
        <DeferredSignupForm
          sectionId={sectionId}
          form={partner.form}
          partnerName={partner.name}
          onSubmit={onSubmit}
        />
      </Container>
    </section>
  );
}

/**
 * Memoised so that nothing re-renders the Suspense boundary while it still holds the prerendered
 * form (React would then render it from scratch and show the placeholder).
 */
const DeferredSignupForm = memo(function DeferredSignupForm({
  sectionId,
  form,
  partnerName,
  onSubmit,
}: {
  sectionId: string;
  form: PartnerConfig['form'];
  partnerName: string;
  onSubmit: ReturnType<typeof useSignupHandler>;
}) {
  const [SignupForm] = useState(() => {
    const deferred = isPrerendered(sectionId);
    return lazy(async () => {
      if (deferred) await whenNearId(sectionId);
      return loadSignupForm();
    });
  });
  return (
    <Suspense fallback={<div className={styles.formPlaceholder} />}>
      <SignupForm
        form={form}
        partnerName={partnerName}
        onSubmit={onSubmit}
        idPrefix={sectionId}
        headingLevel={3}
      />
    </Suspense>
  );
});
