/**
 * The claim-offer pages that share one lazily loaded chunk: the step layout, the offer itself and
 * the confirmation. They are small and reached together; the heavier steps (checkout, payment
 * return, home profile) each load on their own. See src/app/routes.tsx.
 */
export { ClaimOfferLayout } from './ClaimOfferLayout.tsx';
export { ClaimOfferPage } from './ClaimOfferPage.tsx';
export { CompletePage } from '../Complete/CompletePage.tsx';
