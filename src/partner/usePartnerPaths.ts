import { useParams } from 'react-router-dom';

/**
 * Absolute paths of this partner's pages. With a client id in the address they keep it; on a host
 * that selects the partner (or for the default partner) they start at the root.
 */
export function usePartnerPaths() {
  const { clientId } = useParams();
  const base = clientId ? `/${clientId}` : '';
  return {
    landing: base || '/',
    signupForm: `${base}/#get-the-scan`,
    claimOffer: `${base}/claim-offer`,
    process: `${base}/claim-offer/process`,
    paymentReturn: `${base}/claim-offer/payment-return`,
    createHome: `${base}/claim-offer/create-home`,
    complete: `${base}/claim-offer/complete`,
  };
}
