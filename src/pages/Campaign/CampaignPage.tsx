import { useEffect } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { isLive } from '../../config/experiments.ts';
import { usePartnerPaths } from '../../partner/usePartnerPaths.ts';
import { useSignup } from '../../flows/signup/useSignup.ts';
import { usePartner } from '../../partner/PartnerContext.ts';
import { campaignPageBySlug } from '../../config/pages.ts';
import { PageBlocks } from '../../blocks/BlockRenderer.tsx';
import { SignupHandlerContext } from '../../blocks/signupHandler.ts';

/**
 * An extra campaign page of the partner file (pages.<name> with a slug), at /{clientId}/{slug}:
 * its own section list, with the signup flow wired in as on the landing page. An unknown slug is
 * "any other path" of spec §2: it redirects to /.
 */
export function CampaignPage() {
  const { partner, site } = usePartner();
  const { slug } = useParams();
  const onSignup = useSignup();
  const page = campaignPageBySlug(partner, slug);

  useEffect(() => {
    if (page?.title) document.title = `${page.title} | ${partner.name}`;
  }, [page, partner.name]);

  // Outside its schedule the page leads to the landing page, as the server's answer for its
  // address does. An effect, not a render-time check: the prerender renders it whatever the
  // build's date, and a page reached inside the app is checked against the visitor's clock.
  const navigate = useNavigate();
  const { landing } = usePartnerPaths();
  const schedule = page?.schedule;
  useEffect(() => {
    if (schedule && !isLive(schedule, Date.now())) navigate(landing, { replace: true });
  }, [schedule, navigate, landing]);

  if (!page) return <Navigate to="/" replace />;
  return (
    <SignupHandlerContext.Provider value={onSignup}>
      <PageBlocks page={page} partner={partner} site={site} />
    </SignupHandlerContext.Provider>
  );
}
