import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pacedLoad } from './pacedLoad.ts';
import {
  POSTGRES_BIN_DIR,
  postgresBinariesPresent,
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from './postgres.ts';
import { startBuiltNodeFlags, startProcess, unlimitedRateEnv, type Started } from './processes.ts';
import {
  checkoutStatusPath,
  openOrder,
  saturate,
  settle,
  signupRequest,
  statusTokens,
  type LoadResult,
} from './load.ts';

/**
 * The scale half of `npm run bench`: the built server as 1 and as 3 instances, on SQLite (one file
 * shared by the instances) and on Postgres (a throwaway cluster, or DATABASE_URL when it names
 * one), next to the bare node:http floor as 1 and 3 processes. For each: GET checkout-status of
 * open orders (one database read per request) and POST landing/signup (one write) back to back,
 * and `visitors` visitors each polling their own open order once a second. Then, for one
 * instance, the most polling visitors it answers with a p99 under 50 ms.
 *
 * The load is spread over the instances by the load generator itself (connection i goes to
 * instance i mod n), like a round-robin balancer but without a proxy's own cost in the numbers.
 * Everything shares this machine's cores: the instances, the database and the load generator.
 */
export type Engine = 'floor' | 'sqlite' | 'postgres';

export interface ScaleRow {
  engine: Engine;
  instances: number;
  /** Why the row has no numbers (Postgres not in this build, no binaries, ...). */
  unavailable?: string;
  status?: LoadResult;
  signup?: LoadResult;
  polling?: LoadResult;
}

export interface CapacityResult {
  engine: Engine;
  unavailable?: string;
  /** Most polling visitors measured with p99 below the limit (and no errors). */
  visitors?: number;
  p99Ms?: number;
  /** True when even the most visitors tried stayed under the limit (the answer is a lower bound). */
  atMost?: boolean;
  /** Every step tried: visitors, p99. */
  steps: { visitors: number; p99Ms: number; errors: number }[];
}

export interface ScaleBenchResult {
  connections: number;
  visitors: number;
  durationSec: number;
  p99LimitMs: number;
  rows: ScaleRow[];
  capacity: CapacityResult[];
}

export interface ScaleBenchOptions {
  root: string;
  workDir: string;
  connections: number;
  visitors: number;
  durationSec: number;
  /** A Postgres the caller chose (DATABASE_URL); otherwise a throwaway cluster is started. */
  databaseUrl: string | undefined;
  /** Upper bound of the capacity search (visitors). */
  capacityMax: number;
  log: (line: string) => void;
}

const P99_LIMIT_MS = 50;
const ORDERS = 60;

/** Why the Postgres rows cannot be measured here, or undefined when they can. */
function postgresMissing(): string | undefined {
  return postgresBinariesPresent() ? undefined : `no Postgres binaries in ${POSTGRES_BIN_DIR}`;
}

interface Fleet {
  urls: string[];
  stop(): Promise<void>;
}

async function startFleet(
  options: ScaleBenchOptions,
  engine: Engine,
  instances: number,
  database: { path?: string; url?: string },
  floorBody: string,
): Promise<Fleet> {
  const started: Started[] = [];
  const stop = async () => {
    await Promise.all(started.map((process) => process.stop()));
  };
  try {
    const tokenSecret = randomBytes(36).toString('base64url');
    for (let index = 0; index < instances; index += 1) {
      // One after the other: the first runs the migrations before the others open the database.
      started.push(
        engine === 'floor'
          ? await startProcess(
              process.execPath,
              ['--import', 'tsx', 'tools/bench/floorServer.ts', '0', floorBody],
              { cwd: options.root, ready: /^ready \d+/ },
            )
          : await startProcess(
              process.execPath,
              [...startBuiltNodeFlags(options.root), join(options.root, 'server-dist', 'main.js')],
              {
                cwd: options.root,
                env: {
                  PORT: '0',
                  HOST: '127.0.0.1',
                  LOG_LEVEL: 'warn',
                  TOKEN_SECRET: tokenSecret,
                  ...unlimitedRateEnv,
                  ...(database.path ? { DATABASE_PATH: database.path } : {}),
                  ...(database.url ? { DATABASE_URL: database.url } : {}),
                },
                ready: /running at http:\/\/127\.0\.0\.1:\d+/,
              },
            ),
      );
    }
  } catch (error) {
    await stop();
    throw error;
  }
  const urls = started.map((process) =>
    engine === 'floor'
      ? `http://127.0.0.1:${process.readyLine.split(' ')[1]}`
      : (/http:\/\/127\.0\.0\.1:\d+/.exec(process.readyLine)?.[0] ?? ''),
  );
  return { urls, stop };
}

/** Open orders made through the public API as visitors make them, spread over the instances. */
async function openOrders(
  urls: string[],
  database: { path?: string; url?: string },
): Promise<string[]> {
  const made: { base: string; orderId: string }[] = [];
  for (let index = 0; index < ORDERS; index += 1) {
    const base = urls[index % urls.length] ?? '';
    const session = await openOrder(base, `bench-scale-${index}@example.com`);
    made.push({ base, orderId: String(session.orderId) });
  }
  const tokens = await statusTokens(
    made.map((order) => order.orderId),
    database,
  );
  return made.map(({ orderId }) => checkoutStatusPath(orderId, tokens.get(orderId) ?? ''));
}

/** Visitor i polls order i mod ORDERS on instance i mod n. */
function pollingUrls(urls: string[], paths: string[], visitors: number): string[] {
  return Array.from(
    { length: Math.min(visitors, urls.length * paths.length) },
    (_, index) => `${urls[index % urls.length] ?? ''}${paths[index % paths.length] ?? '/'}`,
  );
}

/**
 * `visitors` visitors polling once a second, for a second more than `durationSec`: the first
 * second, when every connection opens at once, is warm-up and not counted.
 */
const pollFleet = (urls: string[], paths: string[], visitors: number, durationSec: number) =>
  pacedLoad({
    url: pollingUrls(urls, paths, visitors),
    connections: visitors,
    intervalMs: 1000,
    durationSec: durationSec + 1,
    warmupMs: 1000,
  });

async function measureFleet(
  options: ScaleBenchOptions,
  engine: Engine,
  instances: number,
  database: { path?: string; url?: string },
): Promise<ScaleRow> {
  const { connections, visitors, durationSec, log } = options;
  const fleet = await startFleet(options, engine, instances, database, '{"status":"open"}');
  try {
    const paths = engine === 'floor' ? ['/'] : await openOrders(fleet.urls, database);
    const signupBody =
      engine === 'floor'
        ? undefined
        : JSON.stringify(signupRequest('bench-scale-signup@example.com'));
    const signupPaths = ['/api/landing/signup'];
    log(`  ${engine} x${instances}: warm-up, checkout-status back to back`);
    await saturate({ urls: fleet.urls, paths, connections: 50, durationSec: 2 });
    await settle();
    const status = await saturate({ urls: fleet.urls, paths, connections, durationSec });
    let signup: LoadResult | undefined;
    if (signupBody !== undefined) {
      log(`  ${engine} x${instances}: signup back to back`);
      await settle();
      signup = await saturate({
        urls: fleet.urls,
        paths: signupPaths,
        connections,
        durationSec,
        body: signupBody,
      });
    }
    log(`  ${engine} x${instances}: ${visitors} visitors polling once a second`);
    await settle();
    const polling = await pollFleet(fleet.urls, paths, visitors, durationSec);
    return { engine, instances, status, ...(signup ? { signup } : {}), polling };
  } finally {
    await fleet.stop();
  }
}

/**
 * Doubles the polling visitors from 1000 until the p99 passes the limit (or errors appear), then
 * halves the gap twice: the answer is within a quarter of the last step.
 */
async function measureCapacity(
  options: ScaleBenchOptions,
  engine: Engine,
  database: { path?: string; url?: string },
): Promise<CapacityResult> {
  const { durationSec, log, capacityMax } = options;
  const fleet = await startFleet(options, engine, 1, database, '{"status":"open"}');
  const steps: CapacityResult['steps'] = [];
  try {
    const paths = engine === 'floor' ? ['/'] : await openOrders(fleet.urls, database);
    const tryVisitors = async (visitors: number) => {
      await settle();
      const result = await pollFleet(fleet.urls, paths, visitors, durationSec);
      const errors = result.errors + result.non2xx;
      steps.push({ visitors, p99Ms: result.p99Ms, errors });
      log(`  ${engine} x1: ${visitors} polling visitors, p99 ${result.p99Ms.toFixed(1)} ms`);
      return result.p99Ms < P99_LIMIT_MS && errors === 0;
    };
    let good = 0;
    let bad = 0;
    for (let visitors = 1000; visitors <= capacityMax; visitors *= 2) {
      if (await tryVisitors(visitors)) good = visitors;
      else {
        bad = visitors;
        break;
      }
    }
    for (let round = 0; round < 2 && bad > 0 && bad - good > 250; round += 1) {
      const middle = Math.round((good + bad) / 2 / 250) * 250;
      if (await tryVisitors(middle)) good = middle;
      else bad = middle;
    }
    const best = steps.find((step) => step.visitors === good);
    return {
      engine,
      steps,
      ...(good > 0 ? { visitors: good, p99Ms: best?.p99Ms ?? 0 } : {}),
      ...(bad === 0 ? { atMost: true } : {}),
    };
  } finally {
    await fleet.stop();
  }
}

export async function benchScale(options: ScaleBenchOptions): Promise<ScaleBenchResult> {
  const rows: ScaleRow[] = [];
  const capacity: CapacityResult[] = [];
  const sqliteDir = (name: string) => {
    const dir = join(options.workDir, name);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    return { path: join(dir, 'homesafe.db') };
  };

  for (const instances of [1, 3]) rows.push(await measureFleet(options, 'floor', instances, {}));
  for (const instances of [1, 3]) {
    rows.push(await measureFleet(options, 'sqlite', instances, sqliteDir(`sqlite-${instances}`)));
  }

  const missing = options.databaseUrl ? undefined : postgresMissing();
  let cluster: ThrowawayPostgres | undefined;
  if (missing) {
    options.log(`  Postgres: ${missing}`);
    for (const instances of [1, 3])
      rows.push({ engine: 'postgres', instances, unavailable: missing });
  } else {
    try {
      let url = options.databaseUrl;
      if (!url) {
        cluster = await startThrowawayPostgres();
        url = cluster.url;
      }
      for (const instances of [1, 3])
        rows.push(await measureFleet(options, 'postgres', instances, { url }));
      capacity.push(await measureCapacity(options, 'postgres', { url }));
    } finally {
      await cluster?.stop();
    }
  }
  capacity.unshift(await measureCapacity(options, 'sqlite', sqliteDir('sqlite-capacity')));
  capacity.unshift(await measureCapacity(options, 'floor', {}));
  if (missing) capacity.push({ engine: 'postgres', unavailable: missing, steps: [] });

  return {
    connections: options.connections,
    visitors: options.visitors,
    durationSec: options.durationSec,
    p99LimitMs: P99_LIMIT_MS,
    rows,
    capacity,
  };
}

const ENGINE_NAMES: Record<Engine, string> = {
  floor: 'node:http floor (constant JSON)',
  sqlite: 'API on SQLite (one shared file)',
  postgres: 'API on Postgres 15',
};

/** The scale table (markdown) and the capacity line. */
export function renderScaleTable(result: ScaleBenchResult): string {
  const dash = '–';
  const num = (value: number | undefined, digits = 0) =>
    value === undefined || !Number.isFinite(value)
      ? dash
      : value.toLocaleString('en-US', {
          maximumFractionDigits: digits,
          minimumFractionDigits: digits,
        });
  const problems = (load: LoadResult | undefined) =>
    load && load.errors + load.non2xx > 0 ? ` [${load.errors + load.non2xx} failed]` : '';
  const header = [
    'Server',
    'Instances',
    'checkout-status req/s',
    'p99 ms',
    'signup req/s',
    'p99 ms',
    `${result.visitors} visitors polling: p99 ms`,
  ];
  const rows = result.rows.map((row) =>
    row.unavailable
      ? [ENGINE_NAMES[row.engine], String(row.instances), row.unavailable, dash, dash, dash, dash]
      : [
          ENGINE_NAMES[row.engine],
          String(row.instances),
          `${num(row.status?.requestsPerSecond)}${problems(row.status)}`,
          num(row.status?.p99Ms, 1),
          row.signup ? `${num(row.signup.requestsPerSecond)}${problems(row.signup)}` : dash,
          row.signup ? num(row.signup.p99Ms, 1) : dash,
          `${num(row.polling?.p99Ms, 1)}${problems(row.polling)}`,
        ],
  );
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  const capacity = result.capacity.map((entry) =>
    entry.unavailable
      ? `${ENGINE_NAMES[entry.engine]}: ${entry.unavailable}`
      : entry.visitors === undefined
        ? `${ENGINE_NAMES[entry.engine]}: fewer than ${num(Math.min(...entry.steps.map((step) => step.visitors)))} visitors`
        : `${ENGINE_NAMES[entry.engine]}: ${entry.atMost ? 'at least ' : ''}${num(entry.visitors)} visitors (p99 ${num(entry.p99Ms, 1)} ms; tried ${entry.steps.map((step) => `${num(step.visitors)}: ${num(step.p99Ms, 1)} ms`).join(', ')})`,
  );
  return [
    line(header),
    line(header.map(() => '---')),
    ...rows.map(line),
    '',
    `Polling visitors one instance answers with p99 < ${result.p99LimitMs} ms:`,
    ...capacity.map((text) => `- ${text}`),
  ].join('\n');
}
