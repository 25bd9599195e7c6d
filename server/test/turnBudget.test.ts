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
const MAX_ACCEPT_ONLY_TURNS = 4;

function setup() {
  const loop = fakeLoop();
  const budget = createTurnBudget(
    BUDGET_MS,
    ACCEPT_WINDOW_MS,
    loop.clock,
    loop.nextTurn,
    MAX_ACCEPT_ONLY_TURNS,
  );
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

  it('starts nothing in a turn that accepted a connection, so the next turns only accept', () => {
    const { loop, budget, started, request } = setup();
    budget.accepted();
    for (let id = 0; id < 10; id += 1) request(id);
    expect(started).toEqual([]);
    // Two more turns that each accept one more waiting connection: still nothing starts.
    loop.endTurn();
    budget.accepted();
    loop.endTurn();
    budget.accepted();
    loop.endTurn();
    expect(started).toEqual([]);
    expect(budget.waiting).toBe(10);
    // A turn without a new connection (the accept queue is empty): requests start, for one budget
    // (0, 0.3, 0.6 and 0.9 ms into the turn).
    loop.endTurn();
    expect(started).toEqual([0, 1, 2, 3]);
  });

  it('lets requests move after a few accept-only turns in a row, however many connections come', () => {
    const { loop, budget, started, request } = setup();
    for (let turn = 0; turn < MAX_ACCEPT_ONLY_TURNS; turn += 1) {
      budget.accepted();
      request(turn);
      loop.endTurn();
    }
    expect(started).toEqual([]);
    budget.accepted();
    loop.endTurn();
    expect(started.length).toBeGreaterThan(0);
  });

  it('hands the waiting requests to the next turns in arrival order, behind none of the new ones', () => {
    const { loop, budget, started, request } = setup();
    budget.accepted();
    for (let id = 0; id < 10; id += 1) request(id);
    loop.endTurn(); // accepted: nothing starts
    loop.endTurn(); // one budget: 0 to 3
    expect(started).toEqual([0, 1, 2, 3]);
    // The next turn's poll reads two new requests: they queue behind the waiting ones even though
    // the turn has time left; its end starts waiting ones for one budget.
    request(10);
    request(11);
    expect(started).toEqual([0, 1, 2, 3]);
    loop.endTurn();
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    loop.endTurn();
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(budget.waiting).toBe(0);
    // Idle again: nothing more is scheduled.
    expect(loop.pendingTurnEnds).toBe(0);
  });

  it('counts the whole turn: work done before its end leaves less budget', () => {
    const { loop, budget, started, request } = setup();
    budget.accepted();
    for (let id = 0; id < 6; id += 1) request(id);
    loop.endTurn();
    // The next turn spends 0.8 ms on callbacks of earlier requests before its end.
    loop.advance(0.8);
    loop.endTurn();
    // Its end had 0.2 ms left: one started (the minimum), not three.
    expect(started).toEqual([0]);
  });

  it('starts everything waiting once no connection has arrived for the accept window', () => {
    const { loop, budget, started, request } = setup();
    budget.accepted();
    for (let id = 0; id < 30; id += 1) request(id);
    loop.endTurn();
    loop.advance(ACCEPT_WINDOW_MS + 1);
    loop.endTurn();
    expect(started).toEqual(Array.from({ length: 30 }, (_, id) => id));
    expect(budget.waiting).toBe(0);
    request(30, 5);
    request(31, 5);
    expect(started).toContain(31);
  });
});
