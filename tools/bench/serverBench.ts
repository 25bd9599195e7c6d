import {
  checkoutStatusPath,
  openOrder,
  postJson,
  saturate as saturateAll,
  settle,
  signupRequest,
  statusTokens,
  type LoadResult,
} from './load.ts';
import { pacedLoad } from './pacedLoad.ts';
import { residentBytes, sampleMemory, startProcess } from './processes.ts';

/**
 * The server half of `npm run bench`, on 127.0.0.1: GET /api/stripe/api/checkout-status (polled
 * once a second by every visitor on the payment return page) and POST /api/landing/signup on the
 * real server, next to a bare node:http server answering the same JSON body as a constant.
 *
 * Two loads, each bounded in time:
 *  - saturation (autocannon): `connections` connections sending back to back. Gives requests per
 *    second; its latency is mostly queueing (Little's law: about connections / throughput, for
 *    the bare server too). The bare server and each target take turns (three rounds of half the
 *    duration), and the share is the median of the rounds' shares; the floor's row shows the
 *    median of all its rounds. Reported latencies are the median round's.
 *  - polling (pacedLoad.ts): the same number of connections, each sending one request a second
 *    at its own moment, the traffic of that many visitors waiting on the return page. Gives the
 *    latency a visitor sees.
 */
export interface ServerTarget {
  name: string;
  saturation: LoadResult;
  polling?: LoadResult;
  /** The bare server measured in turn with this target, the same way (median round). */
  pairedFloor?: LoadResult;
  /** Median over the rounds of this target's requests per second over the bare server's. */
  shareOfFloor?: number;
}

export interface ServerBenchOptions {
  /** Base URL of the running site server, e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  /** Its process id (memory) and database file (to read an open order's status token). */
  pid: number;
  databasePath: string;
  connections: number;
  durationSec: number;
  log: (line: string) => void;
}

export interface ServerBenchResult {
  connections: number;
  durationSec: number;
  targets: ServerTarget[];
  /** Highest resident memory of the site server while it was under load, and since it started. */
  peakRssBytes: number;
  highWaterRssBytes: number | undefined;
}

/** Back-to-back load on one address. */
const saturate = (url: string, connections: number, durationSec: number, body?: string) =>
  saturateAll({ urls: [url], connections, durationSec, body });

/** An order made through the public API as a visitor makes one (test payments), and its `t`. */
async function order(
  options: ServerBenchOptions,
  email: string,
  pay: boolean,
): Promise<{ orderId: string; t: string }> {
  const session = await openOrder(options.baseUrl, email);
  const orderId = String(session.orderId);
  if (pay) {
    const sessionId = String(session.clientSecret).replace(/^test_secret_/, '');
    await postJson(`${options.baseUrl}/api/test-payments/${sessionId}/pay`, {});
  }
  const tokens = await statusTokens([orderId], { path: options.databasePath });
  return { orderId, t: tokens.get(orderId) ?? '' };
}

export async function benchServer(options: ServerBenchOptions): Promise<ServerBenchResult> {
  const { baseUrl, pid, connections, durationSec, log } = options;
  const statusUrl = ({ orderId, t }: { orderId: string; t: string }) =>
    `${baseUrl}${checkoutStatusPath(orderId, t)}`;
  const openUrl = statusUrl(await order(options, 'bench-open@example.com', false));
  const paidUrl = statusUrl(await order(options, 'bench-paid@example.com', true));
  const paidBody = await (await fetch(paidUrl)).text();
  const signupBody = JSON.stringify(signupRequest('bench-signup@example.com'));

  const floor = await startProcess(
    process.execPath,
    ['--import', 'tsx', 'tools/bench/floorServer.ts', '0', paidBody],
    { ready: /^ready \d+/ },
  );
  const floorUrl = `http://127.0.0.1:${floor.readyLine.split(' ')[1]}/`;
  const targets: ServerTarget[] = [];
  let peakRssBytes = residentBytes(pid) ?? 0;
  const floorRuns: LoadResult[] = [];
  try {
    log(`  node:http floor: warm-up, then ${connections} visitors polling once a second`);
    await saturate(floorUrl, 50, 2);
    const floorPolling = await pacedLoad({
      url: floorUrl,
      connections,
      intervalMs: 1000,
      durationSec,
    });
    const rounds = 3;
    const roundSec = Math.max(2, Math.round(durationSec / 2));
    const medianOf = (runs: LoadResult[]) =>
      [...runs].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[
        Math.floor((runs.length - 1) / 2)
      ];
    const measure = async (name: string, url: string, body?: string) => {
      // The machine may be shared, so the bare server and the target take turns, three rounds of
      // `roundSec` each, and the share is the median of the rounds' shares.
      log(`  ${name}: ${connections} connections back to back, in turns with the floor`);
      const memory = sampleMemory(pid);
      await saturate(url, 50, 2, body); // warm-up
      const floorTurns: LoadResult[] = [];
      const turns: LoadResult[] = [];
      for (let round = 0; round < rounds; round += 1) {
        await settle();
        floorTurns.push(await saturate(floorUrl, connections, roundSec));
        await settle();
        turns.push(await saturate(url, connections, roundSec, body));
      }
      floorRuns.push(...floorTurns);
      const shares = turns
        .map((turn, index) => turn.requestsPerSecond / (floorTurns[index]?.requestsPerSecond ?? 1))
        .sort((a, b) => a - b);
      let polling: LoadResult | undefined;
      if (body === undefined) {
        log(`  ${name}: ${connections} visitors polling once a second`);
        await settle();
        polling = await pacedLoad({ url, connections, intervalMs: 1000, durationSec });
      }
      peakRssBytes = Math.max(peakRssBytes, memory.stop());
      const saturation = medianOf(turns);
      const pairedFloor = medianOf(floorTurns);
      if (!saturation || !pairedFloor) throw new Error(`no load ran for ${name}`);
      targets.push({
        name,
        saturation,
        ...(polling ? { polling } : {}),
        pairedFloor,
        shareOfFloor: shares[Math.floor((shares.length - 1) / 2)] ?? 0,
      });
    };
    await measure('GET checkout-status (open order)', openUrl);
    await measure('GET checkout-status (completed order)', paidUrl);
    await measure('POST landing/signup', `${baseUrl}/api/landing/signup`, signupBody);
    const medianFloor = medianOf(floorRuns);
    if (medianFloor) {
      targets.unshift({
        name: 'node:http floor (constant JSON)',
        saturation: medianFloor,
        polling: floorPolling,
      });
    }
  } finally {
    await floor.stop();
  }
  return {
    connections,
    durationSec,
    targets,
    peakRssBytes,
    highWaterRssBytes: residentBytes(pid, 'VmHWM'),
  };
}
