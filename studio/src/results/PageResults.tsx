import { signupStepNote } from '../../../src/config/experiments.ts';
import { pageLabel } from '../blocks/BlocksPanel.tsx';
import { pagesOf } from '../blocks/blocks.ts';
import { experimentOf } from '../experiment/experiments.ts';
import { ShipVariant } from '../experiment/ShipVariant.tsx';
import type { PartnerDraft } from '../schema/partnerTypes.ts';
import { GuardrailsTable } from './GuardrailsTable.tsx';
import { percent, reportSteps, type PageResult } from './report.ts';
import { ResultsChart } from './ResultsChart.tsx';
import { ResultsDaily } from './ResultsDaily.tsx';
import { VersionsTable } from './VersionsTable.tsx';
import type { OnEdit } from '../editor/draftActions.ts';

/** Which test the split check used: one set of weights, or several over the test's life. */
const splitTestName = (page: PageResult) =>
  page.split.test === 'pearson'
    ? 'chi-square'
    : `Wald chi-square over ${page.split.weightSets} sets of weights`;

/** Visitors from before the weights were recorded are judged against today's file. */
const basisNote = (page: PageResult) =>
  page.split.basis === 'fileWeights'
    ? 'These visitors came before the site recorded the weights each one was given under, so the split is checked against the weights in the file today; after a change of weights or schedules that can raise a false alarm.'
    : `${page.split.unrecordedVisitors.toLocaleString('en-US')} visitors came before the site recorded the weights each one was given under; for them, the weights in the file today are assumed.`;

/** One tested page's results: the split check, the verdicts, the ways to act, the numbers. */
export function PageResults({
  page,
  partner,
  onChange,
  onStatus,
}: {
  page: PageResult;
  partner: PartnerDraft;
  onChange: OnEdit;
  onStatus: (status: string) => void;
}) {
  const label = page.pageKey in pagesOf(partner) ? pageLabel(page.pageKey, partner) : page.pageKey;
  const headingId = `results-${page.pageKey}`;
  const tableId = `${headingId}-table`;
  const visitors = page.versions.reduce((sum, version) => sum + version.visitors, 0);
  const stillTested = (experimentOf(partner, page.pageKey)?.variants.length ?? 0) > 0;
  const expected = Object.entries(page.split.expectedShares)
    .map(([variant, share]) => `${variant} ${percent(share)}`)
    .join(', ');
  const observed = page.versions
    .filter((version) => version.variant in page.split.expectedShares)
    .map(
      (version) => `${version.variant} ${percent(visitors > 0 ? version.visitors / visitors : 0)}`,
    )
    .join(', ');
  const verdicts = page.versions.flatMap((version) =>
    reportSteps.flatMap(({ key }) => version.steps[key].anytime?.sentence ?? []),
  );
  return (
    <section
      className="studio-card studio-result"
      aria-labelledby={headingId}
      data-page={page.pageKey}
    >
      <h3 id={headingId}>{label}</h3>
      <p className="studio-muted">
        {visitors.toLocaleString('en-US')} visitors in {page.versions.length} versions
        {stillTested ? '' : ' · this page has no A/B test in the file any more'}
      </p>
      {signupStepNote(page.pageKey) && (
        <p className="studio-muted">{signupStepNote(page.pageKey)}</p>
      )}
      {page.split.mismatch && (
        <div className="studio-warning" data-testid="split-warning">
          <p>
            <strong>Warning: the split of visitors does not match the weights.</strong> Expected{' '}
            {expected}; got {observed} ({splitTestName(page)} p ={' '}
            {page.split.pValue.toExponential(1)}).
          </p>
          <p>
            Something puts visitors in versions, or counts them, wrongly: do not trust these
            differences until it is found.
          </p>
          {page.split.basis !== 'recorded' && <p>{basisNote(page)}</p>}
        </div>
      )}
      {!page.split.mismatch && page.split.basis !== 'recorded' && (
        <p className="studio-muted">{basisNote(page)}</p>
      )}
      {verdicts.length > 0 && (
        <div className="studio-verdicts" data-testid="verdicts">
          <h4>What the test says so far</h4>
          <ul>
            {verdicts.map((sentence) => {
              // "fewer-falls: +3.5 points signups (95% anytime interval …): ahead": the verdict,
              // after the interval, stands out.
              const cut = sentence.indexOf('): ') + 1;
              return (
                <li key={sentence}>
                  {sentence.slice(0, cut)}: <strong>{sentence.slice(cut + 2)}</strong>
                </li>
              );
            })}
          </ul>
          <p className="studio-muted">
            Each verdict rests on the anytime 95% interval, corrected for the {page.comparisons}{' '}
            comparisons on this page, so it stays right however often you look.
          </p>
        </div>
      )}
      {stillTested && (
        <div className="studio-decide" data-testid="decide">
          <h4>Act on it</h4>
          <p className="studio-muted">
            Stop a variant that is behind, or make one that is ahead the page. Either is a change of
            the draft: review it and save to put it live.
          </p>
          <ul className="studio-decide-list">
            {(experimentOf(partner, page.pageKey)?.variants ?? []).map((variant, index) => (
              <li key={variant.id}>
                <strong>{variant.id}</strong>
                <ShipVariant
                  partner={partner}
                  pageKey={page.pageKey}
                  index={index}
                  variant={variant}
                  idBase={`${headingId}-${variant.id}`}
                  onChange={onChange}
                  onStatus={onStatus}
                />
              </li>
            ))}
          </ul>
        </div>
      )}
      <ResultsChart page={page} title={label} tableId={tableId} />
      <VersionsTable page={page} label={label} tableId={tableId} />
      <ResultsDaily
        page={page}
        title={label}
        idBase={`${headingId}-daily`}
        pageHeadingId={headingId}
      />
      <GuardrailsTable
        page={page}
        title={label}
        idBase={`${headingId}-guardrails`}
        pageHeadingId={headingId}
      />
    </section>
  );
}
