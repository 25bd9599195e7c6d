import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELAXED_LIMITS, tempDir } from './helpers.ts';
import { startServerProcess, type ServerProcess } from './serverProcess.ts';

/**
 * Issue 23, part 5: a thousand connections opened at once on one SQLite instance, each sending its
 * next request as soon as its answer arrives (what the bench's autocannon does). Before the turn
 * budget (server/http/turnBudget.ts) the server accepted the connections still queued a few a
 * second once it was busy, and the last of them got their first answer only after the load ended,
 * over ten seconds later (the bench counted them as socket errors). Here every connection must get
 * answers while the load is still running, and none may fail.
 */

const CONNECTIONS = 1000;
const LOAD_MS = 5000;
/** A connection still unanswered this long after the load ended counts as unanswered (a hang). */
const UNANSWERED_GRACE_MS = 30_000;

interface Connection {
  answers: number;
  /** When its first answer came, in ms since the load started. */
  firstAnswerMs?: number;
  error?: string;
  /** An answer that was not a 200. */
  badStatus?: string;
}

/** A keep-alive GET, one at a time on each connection, for LOAD_MS; resolves with each one's story. */
function storm(port: number, path: string): Promise<Connection[]> {
  const request = `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`;
  const started = performance.now();
  const connections: Connection[] = [];
  const finished: Promise<void>[] = [];
  for (let index = 0; index < CONNECTIONS; index += 1) {
    const state: Connection = { answers: 0 };
    connections.push(state);
    finished.push(
      new Promise((done) => {
        const socket = connect(port, '127.0.0.1');
        let buffered = '';
        const close = () => {
          socket.destroy();
          done();
        };
        // A connection that never gets an answer is closed when the load ends plus a grace.
        const bound = setTimeout(close, LOAD_MS + UNANSWERED_GRACE_MS);
        socket.on('connect', () => socket.write(request));
        socket.on('data', (chunk) => {
          buffered += chunk.toString('latin1');
          for (;;) {
            const headEnd = buffered.indexOf('\r\n\r\n');
            if (headEnd < 0) return;
            const head = buffered.slice(0, headEnd);
            const length = Number(/content-length: *(\d+)/i.exec(head)?.[1] ?? 0);
            if (buffered.length < headEnd + 4 + length) return;
            buffered = buffered.slice(headEnd + 4 + length);
            const elapsed = performance.now() - started;
            state.answers += 1;
            state.firstAnswerMs ??= elapsed;
            if (!head.startsWith('HTTP/1.1 200')) state.badStatus ??= head.split('\r\n')[0];
            if (elapsed < LOAD_MS) socket.write(request);
            else {
              clearTimeout(bound);
              close();
              return;
            }
          }
        });
        socket.on('error', (error: NodeJS.ErrnoException) => {
          state.error = error.code ?? error.message;
          clearTimeout(bound);
          close();
        });
        socket.on('end', () => {
          state.error ??=
            state.firstAnswerMs === undefined ? 'closed before any answer' : undefined;
          clearTimeout(bound);
          close();
        });
      }),
    );
  }
  return Promise.all(finished).then(() => connections);
}

describe('a thousand connections at once on one SQLite instance', () => {
  const folder = tempDir();
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startServerProcess({
      DATABASE_PATH: `${folder.dir}/storm.db`,
      ...RELAXED_LIMITS,
    });
  }, 60_000);

  afterAll(() => {
    server?.child.kill('SIGKILL');
    folder.remove();
  });

  it(
    'answers every connection while the load lasts, with no socket error',
    async () => {
      // /health reads the database on every request (SELECT 1), as a status poll does.
      const connections = await storm(server.port, '/health');
      // Behaviour, not speed: every connection is answered, with no socket error and no refusal.
      // How many answers a second the server gives is the bench's (npm run bench), not a test's.
      const failed = connections.filter((c) => c.error !== undefined || c.badStatus !== undefined);
      const unanswered = connections.filter((c) => c.firstAnswerMs === undefined);
      expect(
        { failed: failed.slice(0, 5), unanswered: unanswered.length },
        'every connection answered, none failed',
      ).toEqual({ failed: [], unanswered: 0 });
      expect(connections.reduce((sum, c) => sum + c.answers, 0)).toBeGreaterThanOrEqual(
        CONNECTIONS,
      );
    },
    LOAD_MS + UNANSWERED_GRACE_MS + 30_000,
  );
});
