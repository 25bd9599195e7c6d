import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { usePartner } from '../../partner/PartnerContext.ts';
import { useSignup } from '../../flows/signup/useSignup.ts';
import { PageBlocks } from '../../blocks/BlockRenderer.tsx';
import { SignupHandlerContext } from '../../blocks/signupHandler.ts';

/** The landing page: the partner's section list, in order, with the signup flow wired in. */
export function LandingPage() {
  const { partner, site } = usePartner();
  const onSignup = useSignup();
  const { hash } = useLocation();

  // A link back to the form (".../#get-the-scan") lands on it, as a plain HTML page would.
  useEffect(() => {
    if (hash.length > 1)
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
  return (
    <SignupHandlerContext.Provider value={onSignup}>
      <PageBlocks page={partner.pages.landing} partner={partner} site={site} />
    </SignupHandlerContext.Provider>
  );
}
