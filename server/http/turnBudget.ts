import type { FastifyInstance } from 'fastify';

/**
 * Keeps each turn of the event loop short when the server is saturated, so it goes on accepting
 * new connections.
 *
 * libuv (Node 20's 1.46) accepts one connection per turn of the loop and relies on the listening
 * socket staying readable for the next one (libuv pull request 3696). Saturated, a turn runs every
 * request that is ready and the callbacks of earlier ones (database answers, token signatures from
 * the thread pool): with a thousand connections sending back to back a turn lasted tens to hundreds
 * of milliseconds, the connections still in the accept queue were taken a few a second, and the
 * last of a thousand opened at once waited over ten seconds for a first answer (the bench's socket
 * errors on one SQLite instance; a bare node:http server starves them the same way).
 *
 * So while connections are being accepted (one within the last `acceptWindowMs`), a request starts
 * only while the current turn has lasted less than `budgetMs` (all of its work, not only this
 * hook's); the others wait in arrival order and start in the next turns, after the loop has polled,
 * and so accepted, again. At least one starts per turn, so the queue always moves. Once no
 * connection has come for `acceptWindowMs`, whatever waits starts at once and requests start
 * unhindered: the cost then is one clock read per request.
 */
export interface TurnBudget {
  /** Runs `start` now, or in a later turn when this turn has used its budget. */
  admit(start: () => void): void;
  /** A connection was accepted: more may be waiting, so keep the turns short for a while. */
  accepted(): void;
  /** Requests waiting for a later turn. */
  readonly waiting: number;
}

export function createTurnBudget(
  budgetMs: number,
  acceptWindowMs: number,
  clock: () => number = () => performance.now(),
  nextTurn: (callback: () => void) => void = setImmediate,
): TurnBudget {
  const queue: (() => void)[] = [];
  // When the current turn began (the end of the previous turn's check phase while busy, else the
  // first request of the turn); -1 while idle.
  let turnStart = -1;
  let lastAccept = -Infinity;

  // The check phase, the end of a turn: start what waited while this turn's budget lasts (at least
  // one), then mark the next turn's start and come back at its end.
  const endOfTurn = () => {
    // No connection accepted lately: none is waiting, so whatever waits starts now.
    const accepting = clock() - lastAccept <= acceptWindowMs;
    let started = 0;
    while (queue.length > 0 && (!accepting || started === 0 || clock() - turnStart < budgetMs)) {
      queue.shift()?.();
      started += 1;
    }
    if (queue.length > 0) {
      turnStart = clock();
      nextTurn(endOfTurn);
    } else turnStart = -1;
  };

  return {
    admit(start) {
      const now = clock();
      if (turnStart < 0) {
        if (now - lastAccept > acceptWindowMs) return start();
        turnStart = now;
        nextTurn(endOfTurn);
      }
      if (queue.length > 0 || now - turnStart >= budgetMs) queue.push(start);
      else start();
    },
    accepted() {
      lastAccept = clock();
    },
    get waiting() {
      return queue.length;
    },
  };
}

/**
 * While connections are arriving, a turn admits requests until it has lasted this long: a
 * thousand connections opened at once are then all accepted within a second or two (2 ms left
 * some waiting 6 s in the storm test's load). Unloaded, no request is ever deferred.
 */
export const TURN_BUDGET_MS = 1;

/** After the last accepted connection, turns stay short this long. */
export const ACCEPT_WINDOW_MS = 250;

/** Every request (API, pages, files) goes through the budget first, before any other hook. */
export function installTurnBudget(
  app: FastifyInstance,
  budget = createTurnBudget(TURN_BUDGET_MS, ACCEPT_WINDOW_MS),
) {
  app.server.on('connection', () => budget.accepted());
  app.addHook('onRequest', (_request, _reply, done) => budget.admit(done));
  return budget;
}
