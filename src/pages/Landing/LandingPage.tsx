import { usePartner } from '../../app/PartnerContext.ts';
import { useSignup } from '../../flows/signup/useSignup.ts';
import { SectionList } from '../../sections/SectionRenderer.tsx';
import { SignupHandlerContext } from '../../sections/signupHandler.ts';

/** The landing page: the partner's section list, in order, with the signup flow wired in. */
export function LandingPage() {
  const { partner, site } = usePartner();
  const onSignup = useSignup();
  return (
    <SignupHandlerContext.Provider value={onSignup}>
      <SectionList partner={partner} site={site} />
    </SignupHandlerContext.Provider>
  );
}
