import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Child processes the benchmark starts, each stopped by its own id when the benchmark ends. */
export interface Started {
  child: ChildProcess;
  pid: number;
  /** The first line of output that matched, e.g. "HomeSafe Scan running at http://127.0.0.1:41234/". */
  readyLine: string;
  stop(): Promise<void>;
}

const started = new Set<Started>();

/**
 * Every benchmark request comes from one address: the per-client abuse limits would answer nearly
 * all of them 429, so the servers the benchmark starts raise them out of the way (the cost of
 * counting is still measured).
 */
export const unlimitedRateEnv: NodeJS.ProcessEnv = {
  RATE_LIMIT_SIGNUP: '1000000000',
  RATE_LIMIT_STATUS: '1000000000',
  RATE_LIMIT_CHECKOUT: '1000000000',
  RATE_LIMIT_COMPLETE: '1000000000',
  RATE_LIMIT_ORDERS_PER_SIGNUP: '1000000000',
};

/** Starts `command args`, resolving once a line of its output matches `ready`. */
export function startProcess(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string; ready: RegExp; timeoutMs?: number },
): Promise<Started> {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${command} ${args.join(' ')} did not start:\n${output}`));
    }, options.timeoutMs ?? 60_000);
    const onData = (data: Buffer) => {
      output += data.toString();
      const line = output.split('\n').find((candidate) => options.ready.test(candidate));
      if (!line || child.pid === undefined) return;
      clearTimeout(timer);
      const handle: Started = {
        child,
        pid: child.pid,
        readyLine: line,
        stop: () =>
          new Promise<void>((done) => {
            started.delete(handle);
            if (child.exitCode !== null || child.signalCode !== null) return done();
            const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
            child.once('exit', () => {
              clearTimeout(force);
              done();
            });
            child.kill('SIGTERM');
          }),
      };
      started.add(handle);
      resolve(handle);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output}`));
    });
  });
}

/** Stops everything still running (also on Ctrl-C). */
export async function stopAll(): Promise<void> {
  await Promise.all([...started].map((handle) => handle.stop()));
}

/** Resident memory of a process in bytes (Linux /proc), or undefined where unavailable. */
export function residentBytes(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1];
    return kb === undefined ? undefined : Number(kb) * 1024;
  } catch {
    return undefined;
  }
}

/**
 * The process that actually serves: `npx tsx x.ts` runs node as a grandchild, so memory is read
 * from the deepest descendant (Linux /proc).
 */
export function servingPid(pid: number): number {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/);
    const child = children.filter(Boolean).map(Number).at(-1);
    return child === undefined ? pid : servingPid(child);
  } catch {
    return pid;
  }
}

/** Samples a process's resident memory every 100 ms until stopped; returns the peak seen. */
export function sampleMemory(pid: number): { stop(): number } {
  let peak = residentBytes(pid) ?? 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, residentBytes(pid) ?? 0);
  }, 100);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, residentBytes(pid) ?? 0);
    },
  };
}

/** The Node flags of package.json's `start:built` script ("node <flags> server-dist/main.js"). */
export function startBuiltNodeFlags(root: string): string[] {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    scripts?: Record<string, string>;
  };
  const serve = manifest.scripts?.['start:built'] ?? '';
  const match = /^node((?:\s+--[\w-]+(?:=\S+)?)*)\s+server-dist\/main\.js$/.exec(serve);
  if (!match)
    throw new Error(
      `package.json "start:built" is not "node [flags] server-dist/main.js": ${serve}`,
    );
  return match[1]?.trim().split(/\s+/).filter(Boolean) ?? [];
}
