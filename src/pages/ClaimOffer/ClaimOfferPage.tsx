import { useCallback, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { usePartner } from '../../partner/PartnerContext.ts';
import { useHydrated } from '../../ui/hydration.ts';
import { readSignupState, readStartAgainEmail } from '../../flows/checkout/navigationState.ts';
import { claimOfferFor, offerBlockOf } from '../../config/offer.ts';
import { SuspenseBlock } from '../../blocks/BlockRenderer.tsx';
import { usePartnerPaths } from '../../partner/usePartnerPaths.ts';
import { signupFormFor } from '../../flows/signup/signupFormFor.ts';
import { useSignup, type SignupNavigationState } from '../../flows/signup/useSignup.ts';
import type { SignupValues } from '../../forms/signup/values.ts';
import { LazySignupForm } from '../../forms/signup/LazySignupForm.tsx';
import { formPlaceholderClass, OfferCard } from '../../blocks/Offer/OfferCard.tsx';
import { OfferGate } from '../../ui/OfferGate/OfferGate.tsx';
import styles from './ClaimOffer.module.css';
import { offerWords } from '../../i18n/areas/offer.ts';
import { useText } from '../../i18n/words.ts';

const claimBlockId = 'claim-offer-claim';

/**
 * Claim-offer index (spec §2): logo, header, offer badge, product, price, claim block, disclaimer.
 *
 * Partners link straight here (emails, ads, QR codes), so the offer is shown whatever way the
 * visitor came. The claim block holds either the email the landing page's signup brought (with
 * the button on to checkout) or, for a direct visit, the partner's own signup form: the same
 * fields, validation and bot check as on the landing page, after which the page shows the claim
 * button just as it does for a visitor coming from the landing page.
 */
export function ClaimOfferPage() {
  const { partner, site } = usePartner();
  const location = useLocation();
  const paths = usePartnerPaths();
  // The prerendered page has no navigation state, so hydration renders that same page (the email
  // capture); a visit that kept the state (history keeps it) shows the claim button straight after.
  const hydrated = useHydrated();
  const state = hydrated ? readSignupState(location.state) : undefined;
  // Sent back to start again (an expired checkout): the email comes along, the form starts with it.
  const startAgainEmail = hydrated ? readStartAgainEmail(location.state) : undefined;
  const initialValues = useMemo(
    () => (startAgainEmail ? { email: startAgainEmail } : undefined),
    [startAgainEmail],
  );
  const offer = claimOfferFor(partner, site.product);

  const signup = useSignup({ to: paths.claimOffer });
  const [signedUpHere, setSignedUpHere] = useState(false);
  const onSignup = useCallback(
    async (values: SignupValues) => {
      setSignedUpHere(true);
      await signup(values);
    },
    [signup],
  );

  // The offer block is drawn here (it holds the claim); the page's other blocks follow it.
  const page = partner.pages.claimOffer;
  const others = page.sections.filter((section) => section.type !== 'offer');
  return (
    <>
      <OfferCard
        offer={offer}
        id={offerBlockOf(partner)?.id}
        titleId="claim-offer-title"
        heading="h1"
        claimId={claimBlockId}
      >
        <OfferGate partner={partner} headingLevel={2} framed={!state}>
          {state ? (
            <ClaimWithEmail state={state} focusOnShow={signedUpHere} />
          ) : (
            <LazySignupForm
              anchorId={claimBlockId}
              placeholderClassName={formPlaceholderClass}
              form={signupFormFor(partner)}
              partnerName={partner.name}
              onSubmit={onSignup}
              idPrefix="claim-signup"
              headingLevel={2}
              initialValues={initialValues}
            />
          )}
        </OfferGate>
      </OfferCard>
      {others.map((section) => (
        <SuspenseBlock
          key={section.id}
          section={section}
          page={page}
          partner={partner}
          site={site}
        />
      ))}
    </>
  );
}

/**
 * The claim block once the email is known. After signing up on this page the form that had focus
 * is gone, so focus moves to the button that goes on (its description says where the email goes).
 */
function ClaimWithEmail({
  state,
  focusOnShow,
}: {
  state: SignupNavigationState;
  focusOnShow: boolean;
}) {
  const navigate = useNavigate();
  const paths = usePartnerPaths();
  const t = useText(offerWords);
  const focusButton = useCallback(
    (button: HTMLButtonElement | null) => {
      if (button && focusOnShow) button.focus();
    },
    [focusOnShow],
  );
  return (
    <>
      <p id="claim-offer-email">
        {t('sendToStart')}
        <strong>{state.form.email}</strong>
        {t('sendToEnd')}
      </p>
      <button
        ref={focusButton}
        type="button"
        className={styles.primaryButton}
        aria-describedby="claim-offer-email"
        onClick={() => void navigate(paths.process, { state })}
      >
        {t('claim')}
      </button>
    </>
  );
}
