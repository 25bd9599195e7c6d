import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  compareWithAllowed,
  findTimingAssertions,
  readAllowedTimings,
  scanProject,
} from '../../../tools/lint/timingAssertions.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));

describe('the timing-assertion scanner', () => {
  it('finds upper bounds on a stopwatch, under the test or helper that holds them', () => {
    // The shapes the suite had before it moved to fake clocks (issue 39).
    const source = [
      "it('moves after about 2500 ms', async () => {",
      '  const start = performance.now();',
      '  const elapsed = performance.now() - start;',
      '  expect(elapsed).toBeGreaterThan(2_000);',
      '  expect(elapsed).toBeLessThan(4_000);',
      '});',
      'it(',
      "  'keeps polling with backoff',",
      '  async () => {',
      '    const [first, second] = api.gaps();',
      '    expect(first).toBeLessThan(2_600);',
      '    expect(',
      '      Date.now() - started,',
      '    ).toBeLessThanOrEqual(4000);',
      '  },',
      ');',
      'async function refusedInTime() {',
      '  const { value, ms } = await timed(attempt);',
      '  expect(ms).toBeLessThan(REFUSAL_BOUND_MS);',
      '}',
    ].join('\n');
    expect(findTimingAssertions('x.test.ts', source).map(({ line, test }) => [line, test])).toEqual(
      [
        [5, 'moves after about 2500 ms'],
        [11, 'keeps polling with backoff'],
        [14, 'keeps polling with backoff'],
        [19, 'function refusedInTime'],
      ],
    );
  });

  it('leaves lower bounds, sizes and files that never read the clock alone', () => {
    const source = [
      "it('a', () => {",
      '  const started = Date.now();',
      '  expect(Date.now() - started).toBeGreaterThanOrEqual(2000);',
      '  expect(bytes).toBeLessThan(87_040);',
      '  expect(rows.length).toBeLessThanOrEqual(3);',
      '});',
    ].join('\n');
    expect(findTimingAssertions('a.test.ts', source)).toEqual([]);
    const noClock = ["it('b', () => {", '  expect(elapsedMs).toBeLessThan(9);', '});'].join('\n');
    expect(findTimingAssertions('b.test.ts', noClock)).toEqual([]);
  });

  it('reads the allowed table and names what is unlisted and what is stale', () => {
    const markdown = [
      '## Time in tests',
      '',
      '| file | test | why it cannot flake |',
      '| --- | --- | --- |',
      '| `x.test.ts` | moves after about 2500 ms | a reason |',
      '| `gone.test.ts` | old | a reason |',
      '',
      '## Next',
      '| `y.test.ts` | not in the table | - |',
    ].join('\n');
    const allowed = readAllowedTimings(markdown);
    expect(allowed.map((row) => row.file)).toEqual(['x.test.ts', 'gone.test.ts']);
    const findings = [
      { file: 'x.test.ts', line: 5, test: 'moves after about 2500 ms', text: '' },
      { file: 'x.test.ts', line: 9, test: 'another', text: '' },
    ];
    const { unlisted, stale } = compareWithAllowed(findings, allowed);
    expect(unlisted.map((finding) => finding.test)).toEqual(['another']);
    expect(stale.map((row) => row.file)).toEqual(['gone.test.ts']);
  });
});

describe('the suite', () => {
  it('bounds no duration by the real clock, except where docs/testing.md says why it cannot flake', () => {
    const docs = readFileSync(`${root}/docs/testing.md`, 'utf8');
    const allowed = readAllowedTimings(docs);
    for (const row of allowed)
      expect(row.why.length, `a reason for ${row.file}`).toBeGreaterThan(20);
    const { unlisted, stale } = compareWithAllowed(scanProject(root), allowed);
    expect(
      unlisted.map(
        (finding) => `${finding.file}:${finding.line} (${finding.test}): ${finding.text}`,
      ),
      'a test bounds how long something took: use a fake clock or wait for the event (docs/testing.md, Time in tests)',
    ).toEqual([]);
    expect(
      stale.map((row) => `${row.file} (${row.test})`),
      'rows of the Time in tests table that match nothing any more',
    ).toEqual([]);
  });
});
