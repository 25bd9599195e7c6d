import { useEffect, useState } from 'react';
import { CONTROL, signupStepNote } from '../../../src/config/experiments.ts';
import { pageLabel } from '../blocks/BlocksPanel.tsx';
import { pagesOf } from '../blocks/blocks.ts';
import { experimentOf } from '../experiment/experiments.ts';
import {
  fetchReport,
  percent,
  points,
  reportSteps,
  type AnytimeComparison,
  type PageResult,
  type ReportAnswer,
} from './report.ts';
import { ResultsChart } from './ResultsChart.tsx';
import { ResultsDaily } from './ResultsDaily.tsx';
import { GuardrailsTable } from './GuardrailsTable.tsx';
import { ScrollTable } from './ScrollTable.tsx';
import { ShipVariant } from '../experiment/ShipVariant.tsx';
import type { PartnerDraft } from '../schema/partnerTypes.ts';

/** The site API's port the studio's dev server forwards the report to (studio/vite.config.ts). */
const apiPort = String(import.meta.env.STUDIO_API_PORT ?? '8787');

/**
 * Test results: for each page of the partner with an A/B test, how each version did, from the
 * site's API (GET /api/report): a chart of each step's rate with its 95% interval, the same
 * numbers as a table, and the warning when the split of visitors does not match the weights.
 */
export default function ResultsPanel({
  partnerId,
  partner,
  onChange,
}: {
  partnerId: string;
  partner: PartnerDraft;
  /** A draft edit (stopping a variant, making one the page): reviewed before it is saved. */
  onChange: (partner: PartnerDraft) => void;
}) {
  const [status, setStatus] = useState('');
  const [attempt, setAttempt] = useState(0);
  // The answer to the latest attempt; while it has none, the results are being fetched.
  const [latest, setLatest] = useState<{ attempt: number; answer: ReportAnswer }>();
  const answer = latest?.attempt === attempt ? latest.answer : undefined;
  useEffect(() => {
    let current = true;
    void fetchReport(partnerId).then((next) => {
      if (current) setLatest({ attempt, answer: next });
    });
    return () => {
      current = false;
    };
  }, [partnerId, attempt]);

  const name = typeof partner.name === 'string' ? partner.name : partnerId;
  const pages =
    answer?.kind === 'ok' ? answer.report.pages.filter((page) => page.partnerId === partnerId) : [];
  const testedKeys = Object.keys(pagesOf(partner)).filter(
    (key) => (experimentOf(partner, key)?.variants.length ?? 0) > 0,
  );
  const waiting = testedKeys.filter((key) => !pages.some((page) => page.pageKey === key));

  return (
    <div className="studio-stack studio-results">
      <p className="studio-help">
        For each page with an A/B test: of the visitors given each version, the share who signed up,
        opened the checkout, paid or claimed the offer, and created a home profile. Each bar’s thin
        line is its 95% interval: the true rate is very likely inside it, so where two versions’
        lines overlap a lot, the difference may be chance. The verdicts use the anytime interval,
        which stays right however often you look, so you can check every day and act as soon as a
        verdict says ahead or behind. Under each page’s totals come its results day by day.
      </p>
      <div className="studio-row">
        <button
          type="button"
          className="studio-button"
          // Never disabled while fetching: the button keeps keyboard focus.
          onClick={() => setAttempt((n) => n + 1)}
        >
          Fetch the results again
        </button>
        <p className="studio-muted" role="status" aria-live="polite">
          {answer === undefined
            ? 'Fetching the results…'
            : answer.kind === 'ok'
              ? `Results as of ${new Date(answer.report.generatedAt).toLocaleString('en-US')}.`
              : ''}
        </p>
      </div>

      {answer?.kind === 'down' && (
        <div className="studio-notice studio-notice-error studio-results-notice" role="alert">
          <p>The site’s API is not answering, so there are no results to show.</p>
          <p>
            Start it in another terminal with <code>npm run dev</code> (or <code>npm start</code>):
            it listens on http://127.0.0.1:{apiPort}. Then press{' '}
            <strong>Fetch the results again</strong>.
          </p>
        </div>
      )}
      {answer?.kind === 'refused' && (
        <div className="studio-notice studio-notice-error studio-results-notice" role="alert">
          <p>The site’s API did not give the results: {answer.message}</p>
        </div>
      )}
      {answer?.kind === 'ok' && pages.length === 0 && (
        <div className="studio-card" data-testid="results-empty">
          <p>
            <strong>No results for {name} yet.</strong> No visitor has been given a version of any
            of its pages.{' '}
            {testedKeys.length === 0
              ? 'None of its pages has an A/B test: add a variant to a page under Pages and blocks, save, and results appear here once visitors arrive.'
              : 'Results appear here once visitors reach a page with an A/B test (a test added in the studio counts once it is saved and the site serves it).'}
          </p>
        </div>
      )}
      {pages.map((page) => (
        <PageResults
          key={page.pageKey}
          page={page}
          partner={partner}
          onChange={onChange}
          onStatus={setStatus}
        />
      ))}
      {answer?.kind === 'ok' && pages.length > 0 && waiting.length > 0 && (
        <p className="studio-help">
          No visitors yet for the test of{' '}
          {waiting.map((key) => pageLabel(key, partner).toLowerCase()).join(', ')}.
        </p>
      )}
      <p className="studio-visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
    </div>
  );
}

/**
 * The report's verdict in a word or two (its sentence is in the list above the chart). It rests on
 * the anytime interval, corrected for the page's comparisons, so reading it every day is safe.
 */
const verdictWords: Record<AnytimeComparison['verdict'], string> = {
  ahead: 'ahead',
  behind: 'behind',
  noDifference: 'no 2-point difference',
  notEnoughData: 'not enough data yet',
};

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

const versionName = (variant: string) =>
  variant === CONTROL ? 'Control (page as written)' : variant;

function PageResults({
  page,
  partner,
  onChange,
  onStatus,
}: {
  page: PageResult;
  partner: PartnerDraft;
  onChange: (partner: PartnerDraft) => void;
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
      <ScrollTable id={tableId} caption={`${label}: each version’s results (the chart’s numbers)`}>
        <thead>
          <tr>
            <th scope="col">Version</th>
            <th scope="col">Visitors</th>
            {reportSteps.map((step) => (
              <th scope="col" key={step.key}>
                {step.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {page.versions.map((version) => (
            <tr key={version.variant}>
              <th scope="row">
                {versionName(version.variant)}
                <span className="studio-cell-line studio-muted">weight {version.weight}</span>
              </th>
              <td>{version.visitors.toLocaleString('en-US')}</td>
              {reportSteps.map((step) => {
                const result = version.steps[step.key];
                return (
                  <td key={step.key}>
                    <strong>{percent(result.rate)}</strong>{' '}
                    <span className="studio-muted">
                      ({result.count} of {version.visitors})
                    </span>
                    {result.interval && (
                      <span className="studio-cell-line studio-muted">
                        95%: {percent(result.interval.low)} to {percent(result.interval.high)}
                      </span>
                    )}
                    {result.difference && (
                      <span className="studio-cell-line studio-difference">
                        vs control: {points(result.difference.value)} pts (
                        {points(result.difference.interval.low)} to{' '}
                        {points(result.difference.interval.high)}, fixed 95%)
                      </span>
                    )}
                    {result.anytime && (
                      <span className="studio-cell-line studio-difference">
                        anytime 95%: {points(result.anytime.interval.low)} to{' '}
                        {points(result.anytime.interval.high)} ·{' '}
                        <strong>{verdictWords[result.anytime.verdict]}</strong>
                      </span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </ScrollTable>
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
