import { useEffect, useState } from 'react';
import { pageLabel } from '../blocks/BlocksPanel.tsx';
import { pagesOf } from '../blocks/blocks.ts';
import { experimentOf } from '../experiment/experiments.ts';
import { fetchReport, type ReportAnswer, type TouchKind } from './report.ts';
import { PageResults } from './PageResults.tsx';
import { SourcesTable } from './SourcesTable.tsx';
import type { PartnerDraft } from '../schema/partnerTypes.ts';
import type { OnEdit } from '../editor/draftActions.ts';

/**
 * Test results: for each page of the partner with an A/B test, how each version did, from the
 * site's report (GET /api/report, which the studio answers itself: studio/server/studioReport.ts): a chart of each step's rate with its 95% interval, the same
 * numbers as a table, and the warning when the split of visitors does not match the weights;
 * then the partner's signups and orders by source (first or last visit, the partner's choice).
 */
export default function ResultsPanel({
  partnerId,
  partner,
  onChange,
}: {
  partnerId: string;
  partner: PartnerDraft;
  /** A draft edit (stopping a variant, making one the page): reviewed before it is saved. */
  onChange: OnEdit;
}) {
  const [status, setStatus] = useState('');
  const [attempt, setAttempt] = useState(0);
  // Which visit the report by source credits; changing it fetches the report again.
  const [touch, setTouch] = useState<TouchKind>('last');
  // The answer to the latest attempt; while it has none, the results are being fetched.
  const [latest, setLatest] = useState<{ attempt: number; answer: ReportAnswer }>();
  const answer = latest?.attempt === attempt ? latest.answer : undefined;
  useEffect(() => {
    let current = true;
    void fetchReport(partnerId, touch).then((next) => {
      if (current) setLatest({ attempt, answer: next });
    });
    return () => {
      current = false;
    };
  }, [partnerId, attempt, touch]);

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
          <p>The studio could not read the results just now ({answer.detail}).</p>
          <p>
            Is the studio still open in its window? Press <strong>Fetch the results again</strong>{' '}
            in a moment.
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
      {answer?.kind === 'ok' && (
        <SourcesTable
          partnerId={partnerId}
          name={name}
          sources={answer.sources}
          touch={touch}
          // The table stays (and the choice keeps focus) until the new answer replaces it.
          onTouch={setTouch}
        />
      )}
      <p className="studio-visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
    </div>
  );
}
