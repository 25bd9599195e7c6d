import {
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Legend,
  LinearScale,
  Tooltip,
  type ChartData,
  type ChartOptions,
} from 'chart.js';
import { BarWithErrorBar, BarWithErrorBarsController } from 'chartjs-chart-error-bars';
import { Chart } from 'react-chartjs-2';
import { CONTROL } from '../../../src/config/experiments.ts';
import { percent, reportSteps, type PageResult } from './report.ts';
import { versionColor } from '../experiment/versionColors.ts';

/**
 * The chart of one page's test: for each funnel step, a bar per version (the share of its visitors
 * who got there) with its 95% interval as an error bar. Chart.js draws on a canvas, which a screen
 * reader cannot read: the canvas names what it shows and points at the table of the same numbers.
 */
ChartJS.register(
  BarWithErrorBarsController,
  BarWithErrorBar,
  BarElement,
  CategoryScale,
  LinearScale,
  Tooltip,
  Legend,
);

const ink = '#1f2326';

export function ResultsChart({
  page,
  title,
  tableId,
}: {
  page: PageResult;
  title: string;
  tableId: string;
}) {
  const reducedMotion =
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const font = { family: getComputedStyle(document.body).fontFamily, size: 14 };
  const data: ChartData<'barWithErrorBars'> = {
    labels: reportSteps.map((step) => step.label),
    datasets: page.versions.map((version, index) => ({
      label: `${version.variant === CONTROL ? 'control' : version.variant} (${version.visitors.toLocaleString('en-US')} visitors)`,
      data: reportSteps.map(({ key }) => {
        const step = version.steps[key];
        const rate = (step.rate ?? 0) * 100;
        return {
          y: rate,
          yMin: (step.interval?.low ?? step.rate ?? 0) * 100,
          yMax: (step.interval?.high ?? step.rate ?? 0) * 100,
        };
      }),
      backgroundColor: versionColor(index),
      borderColor: versionColor(index),
      borderWidth: 1,
      errorBarColor: ink,
      errorBarWhiskerColor: ink,
      errorBarLineWidth: 2,
      errorBarWhiskerLineWidth: 2,
      errorBarWhiskerRatio: 0.4,
    })),
  };
  const options: ChartOptions<'barWithErrorBars'> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: reducedMotion ? false : { duration: 300 },
    color: ink,
    font,
    scales: {
      x: { ticks: { color: ink, font }, grid: { display: false } },
      y: {
        beginAtZero: true,
        ticks: { color: ink, font, callback: (value) => `${value}%` },
        grid: { color: '#d5d9dd' },
        title: { display: true, text: 'Share of the version’s visitors', color: ink, font },
      },
    },
    plugins: {
      legend: { position: 'bottom', labels: { color: ink, font, boxWidth: 16, boxHeight: 16 } },
      tooltip: {
        callbacks: {
          label: (item) => {
            const version = page.versions[item.datasetIndex];
            const step = reportSteps[item.dataIndex];
            if (!version || !step) return '';
            const result = version.steps[step.key];
            const interval = result.interval
              ? `, 95%: ${percent(result.interval.low)} to ${percent(result.interval.high)}`
              : '';
            return `${version.variant}: ${percent(result.rate)} (${result.count} of ${version.visitors}${interval})`;
          },
        },
      },
    },
  };
  return (
    <div className="studio-chart">
      <Chart
        type="barWithErrorBars"
        data={data}
        options={options}
        role="img"
        aria-label={`Bar chart of ${title}: for each step, each version’s share of its visitors, with its 95% interval. The same numbers are in the table below.`}
        aria-describedby={tableId}
      />
    </div>
  );
}
