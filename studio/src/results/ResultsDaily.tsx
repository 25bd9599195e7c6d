import { useState } from 'react';
import {
  CategoryScale,
  Chart as ChartJS,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartData,
  type ChartOptions,
  type PointStyle,
} from 'chart.js';
import { Chart } from 'react-chartjs-2';
import { CONTROL } from '../../../src/config/experiments.ts';
import {
  dailyMetrics,
  dailySeries,
  formatDay,
  percent,
  type DailyMetric,
  type DailyPoint,
  type PageResult,
} from './report.ts';
import { versionColor } from '../experiment/versionColors.ts';
import { ScrollTable } from './ScrollTable.tsx';

/**
 * A tested page's results day by day (the report's per-day rows: the UTC day each visitor was
 * first given a version): a line per version, in its colour, of the visitors it was given or the
 * share of them who reached a step, and the same numbers as a table. Each line also has its own
 * point shape and dash, so the versions differ without colour. The canvas names what it shows and
 * points at the table, which a screen reader reads instead.
 */
ChartJS.register(
  LineController,
  LineElement,
  PointElement,
  CategoryScale,
  LinearScale,
  Tooltip,
  Legend,
);

const ink = '#1f2326';
const pointStyles: PointStyle[] = ['circle', 'rect', 'triangle', 'rectRot', 'crossRot', 'star'];
const dashes = [[], [8, 4], [2, 3], [12, 4, 2, 4], [4, 4], [1, 2]];

const versionName = (variant: string) =>
  variant === CONTROL ? 'Control (page as written)' : variant;

/** A cell of the table: "12.0% (14 of 120)", "120 visitors", or "no visitors". */
function cellText(point: DailyPoint | null, metric: DailyMetric): string {
  if (!point || point.visitors === 0) return 'no visitors';
  if (metric === 'visitors') return point.visitors.toLocaleString('en-US');
  return `${percent(point.value)} (${point.count} of ${point.visitors})`;
}

export function ResultsDaily({
  page,
  title,
  idBase,
  pageHeadingId,
}: {
  page: PageResult;
  title: string;
  /** The prefix of the section's element ids. */
  idBase: string;
  /** The page's heading, which names this part with its own ("Home page, Day by day"). */
  pageHeadingId: string;
}) {
  const [metric, setMetric] = useState<DailyMetric>('signups');
  const base = idBase;
  const headingId = `${base}-heading`;
  const tableId = `${base}-table`;
  const series = dailySeries(page, metric);
  const metricLabel = dailyMetrics.find((entry) => entry.key === metric)?.label ?? metric;
  const isRate = metric !== 'visitors';

  return (
    <section
      className="studio-daily"
      aria-labelledby={`${pageHeadingId} ${headingId}`}
      data-testid="daily-results"
    >
      <h4 id={headingId}>Day by day</h4>
      {series.days.length === 0 ? (
        <p className="studio-help">No day-by-day numbers for this page yet.</p>
      ) : (
        <>
          <div className="studio-field studio-daily-pick">
            <label htmlFor={`${base}-metric`}>Show each day’s</label>
            <select
              id={`${base}-metric`}
              value={metric}
              onChange={(event) => setMetric(event.target.value as DailyMetric)}
            >
              {dailyMetrics.map((entry) => (
                <option key={entry.key} value={entry.key}>
                  {entry.key === 'visitors' ? entry.label : `${entry.label} (share of visitors)`}
                </option>
              ))}
            </select>
            <p className="studio-help">
              By the day (UTC) each visitor was first given a version. A day with few visitors
              swings a lot: judge by the totals above.
            </p>
          </div>
          <DailyChart page={page} metric={metric} title={title} tableId={tableId} />
          <ScrollTable
            id={tableId}
            className="studio-table studio-daily-table"
            caption={
              <>
                {title}, day by day: {metricLabel.toLowerCase()}
                {isRate ? ' (share of the day’s visitors)' : ''}, per version (the daily chart’s
                numbers)
              </>
            }
          >
            <thead>
              <tr>
                <th scope="col">Day (UTC)</th>
                {series.versions.map((version) => (
                  <th scope="col" key={version.variant}>
                    {versionName(version.variant)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {series.days.map((day, dayIndex) => (
                <tr key={day}>
                  <th scope="row">{formatDay(day, true)}</th>
                  {series.versions.map((version) => (
                    <td key={version.variant}>
                      {cellText(version.points[dayIndex] ?? null, metric)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        </>
      )}
    </section>
  );
}

function DailyChart({
  page,
  metric,
  title,
  tableId,
}: {
  page: PageResult;
  metric: DailyMetric;
  title: string;
  tableId: string;
}) {
  const series = dailySeries(page, metric);
  const isRate = metric !== 'visitors';
  const metricLabel = dailyMetrics.find((entry) => entry.key === metric)?.label ?? metric;
  const reducedMotion =
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const font = { family: getComputedStyle(document.body).fontFamily, size: 14 };
  const data: ChartData<'line'> = {
    labels: series.days.map((day) => formatDay(day)),
    datasets: series.versions.map((version, index) => ({
      label: version.variant === CONTROL ? 'control' : version.variant,
      data: version.points.map((point) =>
        point === null || point.value === null ? null : isRate ? point.value * 100 : point.value,
      ),
      borderColor: versionColor(index),
      backgroundColor: versionColor(index),
      borderWidth: 3,
      borderDash: dashes[index % dashes.length],
      pointStyle: pointStyles[index % pointStyles.length],
      pointRadius: 5,
      pointHoverRadius: 7,
      // A day without visitors is a gap, not a line drawn through it.
      spanGaps: false,
      tension: 0,
    })),
  };
  const options: ChartOptions<'line'> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: reducedMotion ? false : { duration: 300 },
    color: ink,
    font,
    interaction: { mode: 'index', intersect: false },
    scales: {
      x: {
        // Half a day's room at each end, so the first and last points and labels are whole.
        offset: true,
        ticks: { color: ink, font },
        grid: { display: false },
        title: {
          display: true,
          text: 'Day (UTC) the visitors were given a version',
          color: ink,
          font,
        },
      },
      y: {
        beginAtZero: true,
        ticks: {
          color: ink,
          font,
          precision: 0,
          callback: (value) => (isRate ? `${value}%` : Number(value).toLocaleString('en-US')),
        },
        grid: { color: '#d5d9dd' },
        title: {
          display: true,
          text: isRate ? `${metricLabel} (share of the day’s visitors)` : 'Visitors',
          color: ink,
          font,
        },
      },
    },
    plugins: {
      legend: {
        position: 'bottom',
        labels: { color: ink, font, usePointStyle: true, boxWidth: 16, boxHeight: 16 },
      },
      tooltip: {
        callbacks: {
          title: (items) => {
            const day = series.days[items[0]?.dataIndex ?? -1];
            return day ? formatDay(day, true) : '';
          },
          label: (item) => {
            const version = series.versions[item.datasetIndex];
            const point = version?.points[item.dataIndex] ?? null;
            if (!version) return '';
            return `${version.variant}: ${cellText(point, metric)}${isRate || !point ? '' : ' visitors'}`;
          },
        },
      },
    },
  };
  return (
    <div className="studio-chart studio-daily-chart">
      <Chart
        type="line"
        data={data}
        options={options}
        role="img"
        aria-label={`Line chart of ${title}, day by day: ${isRate ? `each version’s share of the day’s visitors who ${metricLabel.toLowerCase()}` : 'the visitors given each version'}, one line per version. The same numbers are in the table below.`}
        aria-describedby={tableId}
      />
    </div>
  );
}
