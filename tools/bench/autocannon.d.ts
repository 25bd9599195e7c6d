/** The part of autocannon's programmatic API the benchmark uses (the package ships no types). */
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    method?: 'GET' | 'POST';
    body?: string;
    headers?: Record<string, string>;
    pipelining?: number;
    timeout?: number;
    /** Requests per second per connection (paced, like a poll). */
    connectionRate?: number;
  }
  interface Histogram {
    average: number;
    mean: number;
    max: number;
    p50: number;
    p90: number;
    p99: number;
    total: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
  }
  /** The run: a promise of the result that also reports each failed request. */
  interface Instance extends Promise<Result> {
    on(event: 'reqError', listener: (error: Error & { code?: string }) => void): this;
  }
  function autocannon(options: Options): Instance;
  export default autocannon;
}
