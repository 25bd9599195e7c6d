import { useParams } from 'react-router-dom';
import { useLanguage } from '../i18n/languageContext.tsx';

/**
 * Absolute paths of this partner's pages, in the page's language (/demo/es/claim-offer). With a
 * client id in the address they keep it; on a host that selects the partner (or for the default
 * partner) they start at the root.
 */
export function usePartnerPaths() {
  const { clientId } = useParams();
  const language = useLanguage();
  const base = `${clientId ? `/${clientId}` : ''}${language === 'en' ? '' : `/${language}`}`;
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
