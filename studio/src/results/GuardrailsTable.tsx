import { CONTROL } from '../../../src/config/experiments.ts';
import type {
  PageGuardrails,
  VersionVitals,
  VitalMetric,
} from '../../../src/services/generated/api.ts';
import { formatVital } from '../../../src/services/vitals/formatVital.ts';
import { formatDay, percent } from './report.ts';
import { ScrollTable } from './ScrollTable.tsx';

/**
 * A tested page's guardrails from real visitors (the report's `guardrails`, server/report/
 * guardrails.ts): each version's 75th percentile of largest paint, response to input and layout
 * shift, and its share of page views with a script error, in total and day by day; above them,
 * each variant the report flags as clearly slower or erroring more than the control, in words.
 */
const metrics: { key: VitalMetric; label: string }[] = [
  { key: 'lcp', label: 'Largest paint (LCP)' },
  { key: 'inp', label: 'Response to input (INP)' },
  { key: 'cls', label: 'Layout shift (CLS)' },
];

const versionName = (variant: string) =>
  variant === CONTROL ? 'Control (page as written)' : variant;

function VitalsCells({ vitals }: { vitals: VersionVitals }) {
  return (
    <>
      <td>{vitals.views.toLocaleString('en-US')}</td>
      {metrics.map(({ key }) => {
        const metric = vitals[key];
        return (
          <td key={key}>
            <strong>{formatVital(key, metric.p75)}</strong>
            <span className="studio-cell-line studio-muted">
              {metric.samples === 0
                ? 'not measured'
                : `of ${metric.samples.toLocaleString('en-US')} page views`}
            </span>
          </td>
        );
      })}
      <td>
        <strong>{percent(vitals.errorRate)}</strong>{' '}
        {vitals.views > 0 && (
          <span className="studio-muted">
            ({vitals.errorViews} of {vitals.views})
          </span>
        )}
      </td>
    </>
  );
}

function HeaderCells() {
  return (
    <>
      <th scope="col">Page views</th>
      {metrics.map(({ key, label }) => (
        <th scope="col" key={key}>
          {label}
        </th>
      ))}
      <th scope="col">With a script error</th>
    </>
  );
}

export function GuardrailsTable({
  page: { guardrails },
  title,
  idBase,
  pageHeadingId,
}: {
  /** A page of the report; its guardrails are absent from an older site's answer. */
  page: { pageKey: string; guardrails?: PageGuardrails };
  title: string;
  idBase: string;
  pageHeadingId: string;
}) {
  const headingId = `${idBase}-heading`;
  const versions = guardrails?.versions ?? [];
  const days = versions
    .flatMap((version) => version.days.map((day) => ({ variant: version.variant, ...day })))
    .sort((a, b) => a.day.localeCompare(b.day));
  return (
    <section
      className="studio-daily studio-guardrails"
      aria-labelledby={`${pageHeadingId} ${headingId}`}
      data-testid="guardrails"
    >
      <h4 id={headingId}>Speed and errors from real visitors</h4>
      <p className="studio-help">
        What visitors’ own browsers measured on each version: how long the largest part of the page
        took to appear (LCP), how long the page took to answer a tap or key (INP), how much the
        layout moved (CLS), each for the slowest quarter of page views (the 75th percentile; lower
        is better), and how many page views had a script error.
      </p>
      {versions.length === 0 ? (
        <p className="studio-help">No page view of this page has been measured yet.</p>
      ) : (
        <>
          {guardrails && guardrails.flags.length > 0 ? (
            <div className="studio-warning" data-testid="guardrail-flags">
              {guardrails.flags.map((flag) => (
                <p key={`${flag.variant} ${flag.kind} ${flag.metric ?? ''}`}>
                  <strong>Warning:</strong> {flag.message}
                </p>
              ))}
            </div>
          ) : (
            <p className="studio-muted">
              No variant is clearly slower or erroring more than the control.
            </p>
          )}
          <ScrollTable
            id={`${idBase}-table`}
            caption={`${title}: speed and script errors per version (75th percentile of page views)`}
          >
            <thead>
              <tr>
                <th scope="col">Version</th>
                <HeaderCells />
              </tr>
            </thead>
            <tbody>
              {versions.map((version) => (
                <tr key={version.variant}>
                  <th scope="row">{versionName(version.variant)}</th>
                  <VitalsCells vitals={version.total} />
                </tr>
              ))}
            </tbody>
          </ScrollTable>
          <ScrollTable
            id={`${idBase}-days`}
            className="studio-table studio-daily-table"
            caption={`${title}: speed and script errors day by day (UTC), per version`}
          >
            <thead>
              <tr>
                <th scope="col">Day (UTC)</th>
                <th scope="col">Version</th>
                <HeaderCells />
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={`${day.day} ${day.variant}`}>
                  <th scope="row">{formatDay(day.day, true)}</th>
                  <td>{versionName(day.variant)}</td>
                  <VitalsCells vitals={day.vitals} />
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        </>
      )}
      {guardrails && (
        <details className="studio-help">
          <summary>How a flag is decided</summary>
          <p>{guardrails.rule}</p>
        </details>
      )}
    </section>
  );
}
