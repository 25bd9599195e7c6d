/**
 * Which page a block may go on: one rule for the partner check (its sentence, at the section's
 * type) and the studio's block library (which offers a block only where it may go). Pure data, no
 * components, so the Node checker can read it.
 */

/**
 * Why a block of this type may not be placed on the page with this key ("landing", "claimOffer"
 * or a campaign page's key), or undefined when it may.
 */
export function placementRefusal(type: string, pageKey: string): string | undefined {
  // The landing page's signup form leads to the claim-offer page, which shows the offer (spec §2).
  if (type === 'offer' && pageKey === 'landing')
    return "the landing page's signup form leads to the claim-offer page, which shows the offer; put the offer block on the claimOffer page, or on a campaign page to take the claim there";
  return undefined;
}
