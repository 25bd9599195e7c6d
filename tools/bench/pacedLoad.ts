import { Agent, request } from 'node:http';

/**
 * Visitors polling: `connections` keep-alive connections, each sending one request every
 * `intervalMs`, their start times spread evenly over one interval (visitors do not poll in step).
 * A connection whose previous answer has not arrived skips its turn (as the front end's poll does).
 * Latency is measured per request from send to the last byte of the answer.
 */
export interface PacedResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

export async function pacedLoad(options: {
  /** One address, or several: connection i polls urls[i % length] (instances, or orders). */
  url: string | readonly string[];
  connections: number;
  intervalMs: number;
  durationSec: number;
  /**
   * Answers to requests sent in the first `warmupMs` are not counted: all the connections open in
   * that first interval (real visitors arrive over minutes), so it measures connection set-up.
   */
  warmupMs?: number;
}): Promise<PacedResult> {
  const { connections, intervalMs, durationSec } = options;
  const warmupMs = options.warmupMs ?? 0;
  const targets = (typeof options.url === 'string' ? [options.url] : options.url).map(
    (url) => new URL(url),
  );
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  const agents: Agent[] = [];
  const timers: NodeJS.Timeout[] = [];
  const started = performance.now();
  const endAt = started + durationSec * 1000;

  await new Promise<void>((done) => {
    for (let index = 0; index < connections; index += 1) {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      const target = targets[index % targets.length] ?? targets[0];
      if (!target) throw new Error('pacedLoad needs at least one address');
      agents.push(agent);
      let busy = false;
      const send = () => {
        if (performance.now() >= endAt) return;
        if (busy) return;
        busy = true;
        const sentAt = performance.now();
        const outgoing = request(
          {
            host: target.hostname,
            port: target.port,
            path: target.pathname + target.search,
            agent,
          },
          (response) => {
            if ((response.statusCode ?? 0) >= 300) non2xx += 1;
            response.on('data', () => undefined);
            response.on('end', () => {
              if (sentAt - started >= warmupMs) latencies.push(performance.now() - sentAt);
              busy = false;
            });
          },
        );
        outgoing.on('error', () => {
          errors += 1;
          busy = false;
        });
        outgoing.end();
      };
      const offset = (index * intervalMs) / connections;
      timers.push(
        setTimeout(() => {
          send();
          const every = setInterval(send, intervalMs);
          timers.push(every);
        }, offset),
      );
    }
    const stop = setTimeout(done, durationSec * 1000 + 200);
    timers.push(stop);
  });
  for (const timer of timers) clearTimeout(timer);
  for (const agent of agents) agent.destroy();
  const elapsedSec = (performance.now() - started - warmupMs) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: latencies.length / elapsedSec,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    errors,
    non2xx,
  };
}
