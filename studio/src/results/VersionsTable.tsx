import { CONTROL } from '../../../src/config/experiments.ts';
import { percent, points, reportSteps, type AnytimeComparison, type PageResult } from './report.ts';
import { ScrollTable } from './ScrollTable.tsx';

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

const versionName = (variant: string) =>
  variant === CONTROL ? 'Control (page as written)' : variant;

/** Each version's numbers for one page: the chart's as a table, with intervals and verdicts. */
export function VersionsTable({
  page,
  label,
  tableId,
}: {
  page: PageResult;
  label: string;
  tableId: string;
}) {
  return (
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
  );
}
