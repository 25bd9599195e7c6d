/**
 * What a Chromium trace (devtools.timeline categories) says about the renderer's main thread
 * during a page load: its time by kind (script, parse, style, layout, paint) and its long tasks.
 * Pure functions over the trace events, so the throttled bench (throttledBench.ts) and a test can
 * share them.
 */

export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: Record<string, unknown> } & Record<string, unknown>;
}

export const timeKinds = ['script', 'parse', 'style', 'layout', 'paint', 'other'] as const;
export type TimeKind = (typeof timeKinds)[number];

/** Which kind an event's own time counts as, by the names DevTools' Performance panel uses. */
const kindOfName: Record<string, TimeKind> = {
  EvaluateScript: 'script',
  'v8.compile': 'script',
  'v8.compileModule': 'script',
  'v8.evaluateModule': 'script',
  'v8.run': 'script',
  'v8.produceCache': 'script',
  'v8.produceModuleCache': 'script',
  'V8.DeserializeContext': 'script',
  CompileScript: 'script',
  CompileCode: 'script',
  CacheScript: 'script',
  FunctionCall: 'script',
  TimerFire: 'script',
  EventDispatch: 'script',
  FireIdleCallback: 'script',
  FireAnimationFrame: 'script',
  RunMicrotasks: 'script',
  'V8.Execute': 'script',
  MajorGC: 'script',
  MinorGC: 'script',
  'V8.GCCompactor': 'script',
  GCEvent: 'script',
  BlinkGC: 'script',
  ParseHTML: 'parse',
  ParseAuthorStyleSheet: 'parse',
  UpdateLayoutTree: 'style',
  RecalculateStyles: 'style',
  Layout: 'layout',
  Paint: 'paint',
  PaintImage: 'paint',
  PrePaint: 'paint',
  Layerize: 'paint',
  UpdateLayer: 'paint',
  UpdateLayerTree: 'paint',
  CompositeLayers: 'paint',
  'Decode Image': 'paint',
  'Decode LazyPixelRef': 'paint',
  ImageDecodeTask: 'paint',
  RasterTask: 'paint',
  Commit: 'paint',
};

export interface LongTask {
  startMs: number;
  durationMs: number;
  /** The event that took most of the task's own time inside it (e.g. "Layout", "v8.evaluateModule"). */
  mostly: string;
  /** A URL or node the task names (the script, the picture), when the trace gives one. */
  detail: string;
}

export interface TraceSummary {
  /** Milliseconds of the main thread's own time by kind, from navigation to the end of the trace. */
  byKind: Record<TimeKind, number>;
  longTasks: LongTask[];
  /** The sum of every long task's time over 50 ms (Total Blocking Time without its FCP start). */
  blockingMs: number;
}

const longTaskMs = 50;

/** The page's renderer main thread: the CrRendererMain of the process that loaded `url`. */
export function mainThreadOf(
  events: readonly TraceEvent[],
  url: string,
): { pid: number; tid: number } {
  const target = new URL(url);
  const path = target.pathname;
  const rendererThreads = events.filter(
    (event) =>
      event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain',
  );
  // The process that committed the navigation names the URL in its ParseHTML or a commit event.
  const pidsWithUrl = new Map<number, number>();
  for (const event of events) {
    const data = event.args?.data;
    const eventUrl = typeof data?.url === 'string' ? data.url : undefined;
    if (eventUrl === undefined) continue;
    try {
      if (new URL(eventUrl).pathname !== path) continue;
    } catch {
      continue;
    }
    pidsWithUrl.set(event.pid, (pidsWithUrl.get(event.pid) ?? 0) + 1);
  }
  const candidates = rendererThreads
    .map((thread) => ({ pid: thread.pid, tid: thread.tid, hits: pidsWithUrl.get(thread.pid) ?? 0 }))
    .sort((a, b) => b.hits - a.hits);
  const best = candidates[0];
  if (!best) throw new Error(`no renderer main thread in the trace of ${url}`);
  return { pid: best.pid, tid: best.tid };
}

interface Span {
  name: string;
  start: number;
  end: number;
  detail: string;
}

/** Complete spans of one thread, begin/end pairs joined, sorted by start (outer before inner). */
function spansOf(events: readonly TraceEvent[]): Span[] {
  const spans: Span[] = [];
  const open = new Map<string, TraceEvent[]>();
  for (const event of events) {
    if (event.ph === 'X' && event.dur !== undefined) {
      spans.push({
        name: event.name,
        start: event.ts,
        end: event.ts + event.dur,
        detail: detailOf(event),
      });
    } else if (event.ph === 'B') {
      open.set(event.name, [...(open.get(event.name) ?? []), event]);
    } else if (event.ph === 'E') {
      const stack = open.get(event.name);
      const begin = stack?.pop();
      if (begin)
        spans.push({ name: begin.name, start: begin.ts, end: event.ts, detail: detailOf(begin) });
    }
  }
  return spans.sort((a, b) => a.start - b.start || b.end - a.end);
}

function detailOf(event: TraceEvent): string {
  const data = event.args?.data;
  const url = data?.url ?? data?.scriptName ?? data?.stackTrace ?? data?.functionName;
  return typeof url === 'string' ? url : '';
}

const isTopLevel = (name: string) =>
  name === 'RunTask' || name === 'ThreadControllerImpl::RunTask' || name === 'ThreadPool_RunTask';

/**
 * Summarises the main thread of `url`'s renderer from `fromUs` (navigation start, trace clock) on.
 * Each event's own time (its span minus its children's) is counted under its kind, so nested
 * events (a Layout inside a FunctionCall) are not counted twice.
 */
export function summariseTrace(
  events: readonly TraceEvent[],
  url: string,
  fromUs?: number,
): TraceSummary {
  const { pid, tid } = mainThreadOf(events, url);
  // From the main frame's navigation on (what came before belongs to the blank page).
  fromUs ??= events.find(
    (event) =>
      event.pid === pid &&
      event.name === 'navigationStart' &&
      typeof event.args?.data?.documentLoaderURL === 'string' &&
      event.args.data.documentLoaderURL !== '' &&
      event.args.data.isLoadingMainFrame === true,
  )?.ts;
  const threadEvents = events.filter(
    (event) =>
      event.pid === pid && event.tid === tid && (fromUs === undefined || event.ts >= fromUs),
  );
  const spans = spansOf(threadEvents);
  const byKind: Record<TimeKind, number> = {
    script: 0,
    parse: 0,
    style: 0,
    layout: 0,
    paint: 0,
    other: 0,
  };
  const longTasks: LongTask[] = [];
  // A stack of the spans that enclose the current one; each span's own time is its length
  // minus its direct children's.
  const stack: { span: Span; childUs: number; ownByName: Map<string, number> }[] = [];
  let task:
    { span: Span; ownByName: Map<string, number>; details: Map<string, string> } | undefined;
  const close = (upTo: number) => {
    while (stack.length > 0 && (stack.at(-1)?.span.end ?? 0) <= upTo) {
      const done = stack.pop();
      if (!done) break;
      const own = Math.max(0, done.span.end - done.span.start - done.childUs);
      const parent = stack.at(-1);
      if (parent) parent.childUs += done.span.end - done.span.start;
      if (!isTopLevel(done.span.name)) {
        const kind = kindOfName[done.span.name];
        if (kind !== undefined) byKind[kind] += own / 1000;
        else if (parent) {
          // An unnamed kind's time belongs to the nearest enclosing event that has one.
          parent.childUs -= own;
          continue;
        } else byKind.other += own / 1000;
        if (task) {
          task.ownByName.set(done.span.name, (task.ownByName.get(done.span.name) ?? 0) + own);
          if (done.span.detail && !task.details.has(done.span.name))
            task.details.set(done.span.name, done.span.detail);
        }
      } else {
        // Time a task spends outside any named event (the scheduler's own, unnamed work).
        byKind.other += own / 1000;
      }
      if (isTopLevel(done.span.name) && task && task.span === done.span) {
        const durationMs = (done.span.end - done.span.start) / 1000;
        if (durationMs > longTaskMs) {
          const [mostly = 'RunTask'] = [...task.ownByName.entries()]
            .sort((a, b) => b[1] - a[1])
            .map(([name]) => name);
          longTasks.push({
            startMs:
              fromUs === undefined ? done.span.start / 1000 : (done.span.start - fromUs) / 1000,
            durationMs,
            mostly,
            detail: task.details.get(mostly) ?? '',
          });
        }
        task = undefined;
      }
    }
  };
  for (const span of spans) {
    close(span.start);
    if (isTopLevel(span.name) && stack.length === 0)
      task = { span, ownByName: new Map(), details: new Map() };
    stack.push({ span, childUs: 0, ownByName: new Map() });
  }
  close(Number.POSITIVE_INFINITY);
  const blockingMs = longTasks.reduce((sum, long) => sum + long.durationMs - longTaskMs, 0);
  return { byKind, longTasks, blockingMs };
}
