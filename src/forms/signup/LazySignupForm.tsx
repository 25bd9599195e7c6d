import { lazy, memo, Suspense, useState } from 'react';
import { isPrerendered } from '../../ui/hydration.ts';
import { whenNearId } from '../../ui/whenNear.ts';
import { whenVisitorActs } from '../../ui/whenVisitorActs.ts';
import type { SignupFormProps } from './SignupForm.tsx';

const loadSignupForm = async () => ({
  default: (await import('./SignupForm.tsx')).SignupForm,
});

export interface LazySignupFormProps extends SignupFormProps {
  /**
   * The id of an element around the form that the host renders. When that element is already in
   * the document (a prerendered page), the form's code is fetched once it nears the viewport and
   * React keeps the prerendered HTML until then; otherwise it is fetched at once.
   */
  anchorId: string;
  /** Class of the same-sized box shown while the code is fetched on a page rendered from scratch. */
  placeholderClassName?: string;
}

/**
 * The signup form (rjsf, the Radix select and the precompiled validators) as its own chunk, shared
 * by the getTheScan block, the claim-offer page's claim block and a campaign page's offer block.
 *
 * Memoised so that nothing re-renders the Suspense boundary while it still holds the prerendered
 * form (React would then render it from scratch and show the placeholder).
 */
export const LazySignupForm = memo(function LazySignupForm({
  anchorId,
  placeholderClassName,
  ...props
}: LazySignupFormProps) {
  const [SignupForm] = useState(() => {
    const deferred = isPrerendered(anchorId);
    return lazy(async () => {
      if (deferred) {
        await whenNearId(anchorId);
        // Near is not needed yet: the prerendered fields take typing without it, so the form's
        // library (rjsf, the select, the validator) waits for the visitor to scroll, tap, type or
        // move the focus, not for the load: on the claim-offer page the form is on the first screen.
        await whenVisitorActs();
      }
      return loadSignupForm();
    });
  });
  return (
    <Suspense fallback={<div className={placeholderClassName} />}>
      <SignupForm {...props} />
    </Suspense>
  );
});
