import { lazy, Suspense } from 'react';

/*
 * The form on the pages that offer it beside their own message (the expired link, the lost order):
 * its code (rjsf and the form's validator) is fetched only when such a page shows, and the
 * page's message is on screen meanwhile.
 */
const ResendLinkForm = lazy(async () => ({
  default: (await import('./ResendLinkForm.tsx')).ResendLinkForm,
}));

export function LazyResendLinkForm() {
  return (
    <Suspense fallback={null}>
      <ResendLinkForm />
    </Suspense>
  );
}
