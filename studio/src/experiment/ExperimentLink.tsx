import { experimentOf, formatShare, versionShares } from './experiments.ts';
import { fieldId, pageFormId } from '../places/places.ts';
import type { PartnerDraft } from '../schema/partnerTypes.ts';

/** Near the top of a long page's blocks: where its A/B test is, and what it holds. */
export function ExperimentLink({ partner, pageKey }: { partner: PartnerDraft; pageKey: string }) {
  const experiment = experimentOf(partner, pageKey);
  const count = experiment?.variants.length ?? 0;
  return (
    <p className="studio-help">
      <a href={`#${fieldId(pageFormId(pageKey), ['experiment'])}__legend`}>
        {count > 0
          ? `A/B test: ${count} variant${count === 1 ? '' : 's'} (${versionShares(experiment)
              .map((version) => `${version.id} ${formatShare(version.share)}`)
              .join(', ')})`
          : 'Test a changed version of this page (A/B test)'}
      </a>
      , below the blocks.
    </p>
  );
}
