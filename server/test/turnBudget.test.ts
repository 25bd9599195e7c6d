import { describe, expect, it } from 'vitest';
import { createTurnBudget } from '../http/turnBudget.ts';

/**
 * The turn budget with a hand-driven clock and loop: `endTurn()` runs what the budget scheduled for
 * the end of the turn (the check phase's setImmediate), `advance(ms)` is work taking time.
 */
function fakeLoop() {
  let now = 1000;
  let scheduled: (() => void)[] = [];
  return {
    clock: () => now,
    nextTurn: (callback: () => void) => {
      scheduled.push(callback);
    },
    advance(ms: number) {
      now += ms;
    },
    endTurn() {
      const due = scheduled;
      scheduled = [];
      for (const callback of due) callback();
    },
    get pendingTurnEnds() {
      return scheduled.length;
    },
  };
}

const BUDGET_MS = 1;
const ACCEPT_WINDOW_MS = 250;

function setup() {
  const loop = fakeLoop();
  const budget = createTurnBudget(BUDGET_MS, ACCEPT_WINDOW_MS, loop.clock, loop.nextTurn);
  const started: number[] = [];
  /** A request whose synchronous part takes `costMs`. */
  const request = (id: number, costMs = 0.3) =>
    budget.admit(() => {
      started.push(id);
      loop.advance(costMs);
    });
  return { loop, budget, started, request };
}

describe('turn budget', () => {
  it('starts every request at once while no connection is arriving, however long the turn', () => {
    const { loop, budget, started, request } = setup();
    for (let id = 0; id < 20; id += 1) request(id, 0.5);
    expect(started).toHaveLength(20);
    expect(budget.waiting).toBe(0);
    expect(loop.pendingTurnEnds).toBe(0);
  });

  it('while connections arrive, a turn starts requests only until it has lasted the budget', () => {
    const { budget, started, request } = setup();
    budget.accepted();
    for (let id = 0; id < 10; id += 1) request(id, 0.3);
    // 0, 0.3, 0.6 and 0.9 ms into the turn: four start; the rest wait for later turns.
    expect(started).toEqual([0, 1, 2, 3]);
    expect(budget.waiting).toBe(6);
  });

  it('hands the waiting requests to the next turns in arrival order, behind none of the new ones', () => {
    const { loop, budget, started, request } = setup();
    budget.accepted();
    for (let id = 0; id < 10; id += 1) request(id, 0.3);
    // The turn's own budget is spent: its end starts one (the queue always moves).
    loop.endTurn();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    // The next turn: its poll reads two new requests, which queue behind the waiting ones even
    // though this turn has time left; its end then starts waiting ones for one budget.
    budget.accepted();
    request(10);
    request(11);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    loop.endTurn();
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    loop.endTurn();
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(budget.waiting).toBe(0);
    // Idle again: nothing more is scheduled.
    loop.endTurn();
    expect(loop.pendingTurnEnds).toBe(0);
  });

  it('counts the whole turn: work done before the first request in it leaves less budget', () => {
    const { loop, budget, started, request } = setup();
    budget.accepted();
    for (let id = 0; id < 6; id += 1) request(id, 0.3);
    loop.endTurn();
    const before = started.length;
    // The next turn spends 0.8 ms on callbacks of earlier requests before a new one arrives.
    loop.advance(0.8);
    budget.accepted();
    request(6);
    loop.endTurn();
    // Its end had 0.2 ms left: one more started (the minimum), not three.
    expect(started.length).toBe(before + 1);
  });

  it('starts everything waiting once no connection has arrived for the accept window', () => {
    const { loop, budget, started, request } = setup();
    budget.accepted();
    for (let id = 0; id < 30; id += 1) request(id, 0.3);
    expect(budget.waiting).toBeGreaterThan(20);
    loop.advance(ACCEPT_WINDOW_MS + 1);
    loop.endTurn();
    expect(started).toEqual(Array.from({ length: 30 }, (_, id) => id));
    expect(budget.waiting).toBe(0);
    request(30, 5);
    request(31, 5);
    expect(started).toContain(31);
  });
});
