import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Finds test assertions that put an upper bound on how long something took by the real clock:
 * `expect(elapsed).toBeLessThan(4000)` after `performance.now()` or `Date.now()`. Such a bound
 * measures the machine as much as the code, and fails on a busy one (docs/testing.md, Time in
 * tests). A lower bound cannot fail that way (a timer never fires early), so only upper bounds
 * count. It reads lines, not types: a finding that is not a stopwatch is listed in the docs'
 * table with the reason, like a real bound that is the behaviour under test.
 */
export interface TimingFinding {
  /** The file, relative to the project root, with forward slashes. */
  file: string;
  line: number;
  /**
   * The name of the test (`it`/`test`) the line stands in, or of the top-level helper function
   * ("function expectRefused") that holds it.
   */
  test: string;
  text: string;
}

/** A read of the real clock that a test could subtract. */
const clockRead =
  /\b(performance\.now|Date\.now|process\.hrtime(\.bigint)?)\s*\(|\bnew Date\(\s*\)/;
/** An upper bound. */
const upperBound = /\.(toBeLessThan|toBeLessThanOrEqual)\s*\(/;
/** Words that say the value is a duration or a moment. */
const timeWords =
  /(\bms\b|Ms\b|_MS\b|[eE]lapsed|[dD]uration|\bgaps?\b|[sS]econds|\btook\b|[tT]ime(?!out)|\bat\b|now\s*\()/;
const testStart = /\b(?:it|test)(?:\.\w+)*(?:\([^)]*\))?\s*\(\s*(?:(['"`])((?:\\.|(?!\1).)*)\1|$)/;
const quoted = /^\s*(['"`])((?:\\.|(?!\1).)*)\1/;
const helperStart = /^(?:export\s+)?(?:async\s+)?function\s+(\w+)/;

/**
 * Names given a value on a line that reads the clock or a duration (`const elapsed =
 * performance.now() - t`, `const [first, second] = api.gaps()`).
 */
function clockNames(lines: readonly string[]): Set<string> {
  const names = new Set<string>();
  for (const line of lines) {
    if (!clockRead.test(line) && !/\b(gaps?|elapsed|durations?)\b/i.test(line)) continue;
    const declared = /\b(?:const|let|var)\s+([\w\s,[\]{}:]+?)\s*=/.exec(line)?.[1] ?? '';
    for (const name of declared.match(/\w+/g) ?? []) names.add(name);
  }
  return names;
}

/** The findings of one file's source. */
export function findTimingAssertions(file: string, source: string): TimingFinding[] {
  if (!clockRead.test(source)) return [];
  const lines = source.split('\n');
  const fromClock = clockNames(lines);
  const findings: TimingFinding[] = [];
  let test = '';
  lines.forEach((text, index) => {
    const named = testStart.exec(text);
    const helper = helperStart.exec(text);
    if (named) test = named[2] ?? quoted.exec(lines[index + 1] ?? '')?.[2] ?? '';
    else if (helper) test = `function ${helper[1] ?? ''}`;
    // A line that is a string (a sample in the scanner's own test) asserts nothing.
    if (!upperBound.test(text) || /^\s*['"`]/.test(text)) return;
    // The assertion with the lines just before it (an `expect(` that wraps onto several lines).
    const statement = lines.slice(Math.max(0, index - 3), index + 1).join('\n');
    const subject = statement.slice(statement.lastIndexOf('expect'));
    const names = subject.match(/\w+/g) ?? [];
    if (!timeWords.test(subject) && !names.some((name) => fromClock.has(name))) return;
    findings.push({ file, line: index + 1, test, text: text.trim() });
  });
  return findings;
}

const testFile = /\.(test|stories)\.(ts|tsx)$/;
const skippedDirs = new Set([
  'node_modules',
  'dist',
  'server-dist',
  'coverage',
  '.git',
  'generated',
]);

function walk(dir: string, out: string[]): string[] {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!skippedDirs.has(entry.name)) walk(path, out);
    } else if (testFile.test(entry.name)) out.push(path);
    else if (/\.(ts|tsx)$/.test(entry.name) && /[\\/](test|tests)[\\/]/.test(path)) out.push(path);
  }
  return out;
}

/** The scanner's own test, whose samples are such assertions on purpose. */
const ownTest = 'tests/unit/lint/timingAssertions.test.ts';

/** Every finding in the project's tests and their helpers (tests/, server/test/, src/, studio/). */
export function scanProject(root: string): TimingFinding[] {
  const files = ['tests', 'server', 'src', 'studio', 'stories', 'tools'].flatMap((dir) =>
    walk(join(root, dir), []),
  );
  return files
    .map((path) => relative(root, path).split('\\').join('/'))
    .filter((file) => file !== ownTest)
    .flatMap((file) => findTimingAssertions(file, readFileSync(join(root, file), 'utf8')));
}

/** One row of docs/testing.md's "Time in tests" table: a file, a test, why it cannot flake. */
export interface AllowedTiming {
  file: string;
  test: string;
  why: string;
}

/**
 * The rows of the table under the heading `heading` in a Markdown file: `| \`file\` | test | why |`.
 */
export function readAllowedTimings(markdown: string, heading = 'Time in tests'): AllowedTiming[] {
  const start = markdown.search(new RegExp(`^#+ .*${heading}`, 'm'));
  if (start < 0) return [];
  const rest = markdown.slice(start).split('\n').slice(1);
  const end = rest.findIndex((line) => /^#+ /.test(line));
  return (end < 0 ? rest : rest.slice(0, end))
    .filter((line) => /^\|\s*`[^`]+`\s*\|/.test(line))
    .map((line) => line.split('|').map((cell) => cell.trim()))
    .map((cells) => ({
      file: (cells[1] ?? '').replace(/`/g, ''),
      test: cells[2] ?? '',
      why: cells[3] ?? '',
    }));
}

/** Findings no row allows, and rows that allow nothing any more (stale). */
export function compareWithAllowed(
  findings: readonly TimingFinding[],
  allowed: readonly AllowedTiming[],
): { unlisted: TimingFinding[]; stale: AllowedTiming[] } {
  const matches = (finding: TimingFinding, row: AllowedTiming) =>
    finding.file === row.file && finding.test === row.test;
  return {
    unlisted: findings.filter((finding) => !allowed.some((row) => matches(finding, row))),
    stale: allowed.filter((row) => !findings.some((finding) => matches(finding, row))),
  };
}
