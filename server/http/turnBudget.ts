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
 * So a turn that accepted a connection starts no request: more are likely waiting, and the next
 * turns, nearly empty, take them one each (a few dozen turns in a row at most). While connections
 * keep arriving (one within the last `acceptWindowMs`), any other turn starts requests only while
 * it has lasted less than `budgetMs` (all of its work, not only this hook's), at least one. The
 * requests that wait start in arrival order in the next turns. Once no connection has come for
 * `acceptWindowMs`, whatever waits starts at once and requests start unhindered: the cost then is
 * one clock read per request. Measured on a machine also running another such load, a thousand
 * connections opened at once were all accepted within 0.2 s (with a turn budget alone, 5 s and
 * more: a process that shares the cores is off them for milliseconds at a time, and any turn that
 * runs a request spans such a gap).
 */
export interface TurnBudget {
  /** Runs `start` now, or in a later turn when this turn has used its budget. */
  admit(start: () => void): void;
  /** A connection was accepted: more may be waiting, so keep the turns short for a while. */
  accepted(): void;
  /** Requests waiting for a later turn. */
  readonly waiting: number;
}

/**
 * While connections are arriving, a turn that accepted none starts requests until it has lasted
 * this long. Unloaded, no request is ever deferred.
 */
export const TURN_BUDGET_MS = 1;

/** After the last accepted connection, turns stay short this long. */
export const ACCEPT_WINDOW_MS = 250;

/** Turns in a row that only accept, before one starts waiting requests again. */
export const MAX_ACCEPT_ONLY_TURNS = 64;

export function createTurnBudget(
  budgetMs: number,
  acceptWindowMs: number,
  clock: () => number = () => performance.now(),
  nextTurn: (callback: () => void) => void = setImmediate,
  maxAcceptOnlyTurns = MAX_ACCEPT_ONLY_TURNS,
): TurnBudget {
  const queue: (() => void)[] = [];
  // When the current turn began (the end of the previous turn's check phase while busy, else its
  // first request or connection); -1 while no end of turn is scheduled.
  let turnStart = -1;
  let lastAccept = -Infinity;
  let acceptedThisTurn = false;
  let acceptOnlyTurns = 0;

  const endAfterThisTurn = (now: number) => {
    if (turnStart >= 0) return;
    turnStart = now;
    nextTurn(endOfTurn);
  };

  // The check phase, the end of a turn. A turn that accepted a connection starts nothing: more are
  // likely waiting in the accept queue, and nearly empty turns then take them one each, fast even
  // on a machine busy with other processes (a few such turns in a row at most, so requests move).
  // Any other turn starts what waited while its budget lasts (at least one), or everything once no
  // connection has come for the accept window.
  const endOfTurn = () => {
    const acceptOnly = acceptedThisTurn && acceptOnlyTurns < maxAcceptOnlyTurns;
    acceptedThisTurn = false;
    if (acceptOnly) acceptOnlyTurns += 1;
    else {
      acceptOnlyTurns = 0;
      const accepting = clock() - lastAccept <= acceptWindowMs;
      let started = 0;
      while (queue.length > 0 && (!accepting || started === 0 || clock() - turnStart < budgetMs)) {
        queue.shift()?.();
        started += 1;
      }
    }
    turnStart = -1;
    if (queue.length > 0) endAfterThisTurn(clock());
  };

  return {
    admit(start) {
      const now = clock();
      if (turnStart < 0 && now - lastAccept > acceptWindowMs) return start();
      endAfterThisTurn(now);
      // Behind others already waiting, in a turn that accepted, or over this turn's budget: wait.
      if (queue.length > 0 || acceptedThisTurn || now - turnStart >= budgetMs) queue.push(start);
      else start();
    },
    accepted() {
      lastAccept = clock();
      acceptedThisTurn = true;
      endAfterThisTurn(lastAccept);
    },
    get waiting() {
      return queue.length;
    },
  };
}

/** Every request (API, pages, files) goes through the budget first, before any other hook. */
export function installTurnBudget(
  app: FastifyInstance,
  budget = createTurnBudget(TURN_BUDGET_MS, ACCEPT_WINDOW_MS),
) {
  app.server.on('connection', () => budget.accepted());
  app.addHook('onRequest', (_request, _reply, done) => budget.admit(done));
  return budget;
}
