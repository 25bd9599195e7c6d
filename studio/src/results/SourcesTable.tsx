import { formatRevenue } from '../../../src/config/money.ts';
import { percent, type SourceReport, type TouchKind } from './report.ts';
import { ScrollTable } from './ScrollTable.tsx';

const touchChoices: { value: TouchKind; label: string }[] = [
  { value: 'last', label: 'The last visit from a campaign or another site' },
  { value: 'first', label: 'The first visit' },
];

/**
 * The report by source for one partner (GET /api/report's `sources`): where the visitors who
 * signed up came from, how many of them paid or claimed the offer, and what they paid, credited to
 * the visit the partner chooses (the last from a campaign or another site, or the first).
 */
export function SourcesTable({
  partnerId,
  name,
  sources,
  touch,
  onTouch,
}: {
  partnerId: string;
  name: string;
  /** Undefined while fetching, or when the site's report has no breakdown by source. */
  sources: SourceReport | undefined;
  touch: TouchKind;
  onTouch: (touch: TouchKind) => void;
}) {
  const rows = sources?.rows.filter((row) => row.partnerId === partnerId) ?? [];
  const hasSignups = rows.some((row) => row.signups > 0 || row.orders > 0);
  return (
    <section className="studio-card" aria-labelledby="results-sources-title">
      <h3 id="results-sources-title">Where the people who signed up came from</h3>
      <p className="studio-help">
        Each signup counts once, under the campaign or site that brought the visitor (its source,
        medium and campaign, from the link’s utm_ parameters, an ad’s click, or the site that linked
        to the page). An order keeps the source of its signup. “Direct or unknown” counts visitors
        who typed the address or came from a bookmark, and those we know nothing of.
      </p>
      <fieldset className="studio-choice">
        <legend>Give the credit to</legend>
        {touchChoices.map((choice) => (
          <div key={choice.value} className="studio-choice-option">
            <input
              type="radio"
              id={`results-touch-${choice.value}`}
              name="results-touch"
              value={choice.value}
              checked={touch === choice.value}
              onChange={() => onTouch(choice.value)}
            />
            <label htmlFor={`results-touch-${choice.value}`}>{choice.label}</label>
          </div>
        ))}
      </fieldset>
      {sources === undefined ? null : !hasSignups ? (
        <p data-testid="results-sources-empty">No signups for {name} yet.</p>
      ) : (
        <ScrollTable
          id="results-sources"
          // The touch of the rows shown (a new choice shows once its answer is in).
          caption={`${name}: signups and orders by source (${sources.touch === 'last' ? 'last visit from a campaign or site' : 'first visit'})`}
        >
          <thead>
            <tr>
              <th scope="col">Source / medium / campaign</th>
              <th scope="col">Signed up</th>
              <th scope="col">Orders paid or claimed</th>
              <th scope="col">Revenue</th>
              <th scope="col">Share who paid or claimed</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                <td>{row.signups.toLocaleString('en-US')}</td>
                <td>{row.orders.toLocaleString('en-US')}</td>
                <td>{formatRevenue(row.revenue)}</td>
                <td>
                  <strong>{percent(row.conversion.rate)}</strong>{' '}
                  <span className="studio-muted">
                    ({row.converted} of {row.signups})
                  </span>
                  {row.conversion.interval && (
                    <span className="studio-cell-line studio-muted">
                      95%: {percent(row.conversion.interval.low)} to{' '}
                      {percent(row.conversion.interval.high)}
                    </span>
                  )}
                  {row.conversion.anytime && (
                    <span className="studio-cell-line studio-muted">
                      anytime 95%: {percent(row.conversion.anytime.low)} to{' '}
                      {percent(row.conversion.anytime.high)}
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
    </section>
  );
}
