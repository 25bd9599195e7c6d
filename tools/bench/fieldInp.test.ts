import { describe, expect, it } from 'vitest';
import { renderFieldInpTable, type FieldInpResult } from './fieldInp.ts';

const interaction = (event: string, durationMs: number, paintMs: number) => ({
  event,
  durationMs,
  delayMs: 20,
  handlersMs: durationMs - 20 - paintMs,
  paintMs,
});

describe('the field INP table', () => {
  it("gives each version's p75 from the report, and the visits' slowest interactions with where their time went", () => {
    const result: FieldInpResult = {
      path: '/showcase',
      rate: 4,
      visits: [
        interaction('pointerdown', 150, 120),
        interaction('click', 200, 100),
        interaction('pointerdown', 100, 60),
      ],
      versions: [
        { variant: 'control', views: 2, samples: 2, p75: 183.4 },
        { variant: 'fewer-falls', views: 1, samples: 0, p75: null },
      ],
    };
    const table = renderFieldInpTable(result);
    expect(table).toContain('| control | 2 | 2 | 183 |');
    expect(table).toContain('| fewer-falls | 1 | 0 | – |');
    expect(table).toContain('median: 150 ms (waiting 20, handlers 20, next frame 100)');
    expect(table).toContain('by event: pointerdown 2, click 1.');
  });
});
