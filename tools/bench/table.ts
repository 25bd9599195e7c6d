import { medianOf } from '../perf/median.ts';
import type { PageResult } from './pageResult.ts';
import type { LoadResult } from './load.ts';
import type { ServerBenchResult } from './serverBench.ts';

/**
 * The benchmark's one table (markdown): a row per partner page (Lighthouse scores, LCP against the
 * script-free floor, TBT, CLS, JavaScript loaded during the run, the first-load JS the page names
 * (from the build: brotli as sent, and gzip), the median run's long tasks), then a row per server load (requests per second
 * against the bare node:http floor, latency, peak memory). TBT is the median of a page's runs, and a
 * line under the table sets all pages' runs against the TBT target.
 */
const columns = [
  'Page or endpoint',
  'Perf',
  'A11y',
  'BP',
  'SEO',
  'LCP ms (floor)',
  'LCP / floor',
  'TBT ms',
  'CLS',
  'JS KB gzip',
  'First load KB br (gzip)',
  'Long tasks (ms)',
  'Req/s (vs floor)',
  'p50 ms',
  'p99 ms',
  'Peak RSS MB',
] as const;

const dash = '–';
const round = (value: number, digits = 0) =>
  Number.isFinite(value) ? value.toFixed(digits) : dash;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const thousands = (value: number) => Math.round(value).toLocaleString('en-US');

const pageNames: Record<PageResult['page'], string> = {
  landing: 'landing',
  claimOffer: 'claim offer',
  campaign: 'campaign page',
};

/** TBT against the target (issue 12: median at most 50 ms): all pages' runs, and landing pages'. */
export function renderTbtSummary(pages: readonly PageResult[], targetMs = 50): string {
  // The slowdown the runs were made with (BENCH_LIGHTHOUSE_CPU; mobile's own is 4x).
  const cpuSlowdown = pages[0]?.audit.cpuSlowdown ?? 4;
  const all = pages.flatMap((page) => page.tbtRunsMs);
  const landing = pages.filter((page) => page.page === 'landing').flatMap((page) => page.tbtRunsMs);
  const verdict = medianOf(all) <= targetMs ? 'met' : 'missed';
  return (
    `TBT (Lighthouse mobile, ${cpuSlowdown}x CPU slowdown): median ${round(medianOf(all))} ms over ` +
    `${all.length} runs of ${pages.length} pages (landing pages ${round(medianOf(landing))} ms, ` +
    `worst run ${round(Math.max(...all))} ms); target median <= ${targetMs} ms: ${verdict}.`
  );
}

function pageRow(result: PageResult): string[] {
  const { audit, floor } = result;
  return [
    `${result.path} (${result.partner} ${pageNames[result.page]})`,
    String(audit.scores.performance),
    String(audit.scores.accessibility),
    String(audit.scores.bestPractices),
    String(audit.scores.seo),
    `${round(audit.lcpMs)} (${round(floor.lcpMs)})`,
    round(result.lcpRatio, 2),
    round(medianOf(result.tbtRunsMs)),
    round(audit.cls, 3),
    kb(audit.jsGzipBytes),
    `${kb(result.firstLoad.brotliBytes)} (${kb(result.firstLoad.gzipBytes)})`,
    longTasks(audit),
    dash,
    dash,
    dash,
    dash,
  ];
}

/** The long tasks of a run: how many, and the longest (ms). */
function longTasks(audit: PageResult['audit']): string {
  if (audit.longTasks.length === 0) return '0';
  const longest = Math.max(...audit.longTasks.map((task) => task.durationMs));
  return `${audit.longTasks.length} (longest ${longest})`;
}

function loadRow(name: string, load: LoadResult, shareOfFloor?: number, rss?: number) {
  const share = shareOfFloor === undefined ? '' : ` (${Math.round(shareOfFloor * 100)}%)`;
  const problems =
    load.errors + load.non2xx > 0 ? ` [${load.errors} errors, ${load.non2xx} non-2xx]` : '';
  return [
    `${name}${problems}`,
    dash,
    dash,
    dash,
    dash,
    dash,
    dash,
    dash,
    dash,
    dash,
    dash,
    dash,
    `${thousands(load.requestsPerSecond)}${share}`,
    round(load.p50Ms, 1),
    round(load.p99Ms, 1),
    rss === undefined ? dash : round(rss / 2 ** 20),
  ];
}

export function renderTable(pages: PageResult[], server: ServerBenchResult | undefined): string {
  const rows: string[][] = pages.map(pageRow);
  if (server) {
    for (const target of server.targets) {
      const isFloor = target.shareOfFloor === undefined;
      const rss = isFloor ? undefined : server.peakRssBytes;
      rows.push(
        loadRow(
          `${target.name}: ${server.connections} connections back to back${isFloor ? ' (median)' : ''}`,
          target.saturation,
          target.shareOfFloor,
          rss,
        ),
      );
      if (target.polling) {
        rows.push(
          loadRow(
            `${target.name}: ${server.connections} visitors polling once a second`,
            target.polling,
            undefined,
            rss,
          ),
        );
      }
    }
  }
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  const table = [line(columns), line(columns.map(() => '---')), ...rows.map(line)].join('\n');
  return pages.length > 0 ? `${table}\n\n${renderTbtSummary(pages)}` : table;
}
