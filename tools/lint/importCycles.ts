import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/**
 * The project's own import graph, read from the TypeScript sources (type-only imports included:
 * a type shared by two files belongs in a third one both import), and the circles in it. Only
 * relative imports between the scanned files count; packages are leaves. Reading uses
 * `ts.preProcessFile`, a scanner without type checking, so the whole project takes well under a
 * second.
 */
export type ImportGraph = ReadonlyMap<string, readonly string[]>;

const sourceFile = /\.(ts|tsx|mts)$/;
const skippedDirs = new Set(['node_modules', 'dist', 'server-dist', 'coverage']);

function sourceFiles(dir: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!skippedDirs.has(entry.name)) sourceFiles(path, out);
    } else if (sourceFile.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      out.push(path);
    }
  }
  return out;
}

const isFile = (path: string) => existsSync(path) && statSync(path).isFile();

/** The scanned file a relative specifier names: "./x.ts", "./x.js" (for x.ts), "./x", "./dir". */
function resolveSpecifier(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  const candidates = [
    base,
    base.replace(/\.js$/, '.ts'),
    base.replace(/\.js$/, '.tsx'),
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ];
  return candidates.find((candidate) => sourceFile.test(candidate) && isFile(candidate));
}

/** Every relative import of the .ts/.tsx files under `dirs`, keyed by path relative to `root`. */
export function readImportGraph(root: string, dirs: readonly string[]): ImportGraph {
  const graph = new Map<string, string[]>();
  for (const file of dirs.flatMap((dir) => sourceFiles(join(root, dir)))) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map(({ fileName }) => fileName)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => resolveSpecifier(file, specifier))
      .filter((target): target is string => target !== undefined)
      .map((target) => relative(root, target));
    graph.set(relative(root, file), [...new Set(targets)]);
  }
  return graph;
}

/**
 * The circles of a graph: one per strongly connected group of files (Tarjan's algorithm), each
 * given as a path that starts and ends at the same file, such as [a, b, a]. Recursive: an import
 * chain is at most as deep as the project has files, a few hundred.
 */
export function findCycles(graph: ImportGraph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const lowOf = (node: string) => low.get(node) ?? Infinity;

  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(lowOf(node), lowOf(target)));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(lowOf(node), index.get(target) ?? Infinity));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group = new Set<string>();
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      onStack.delete(member);
      group.add(member);
      if (member === node) break;
    }
    const circle = circleWithin(graph, group);
    if (circle) circles.push(circle);
  };

  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return circles;
}

/** The shortest circle through the group's first file (by name), staying inside the group. */
function circleWithin(graph: ImportGraph, group: ReadonlySet<string>): string[] | undefined {
  const [start] = [...group].sort();
  if (start === undefined) return undefined;
  const pathTo = new Map<string, string[]>([[start, [start]]]);
  const queue = [start];
  for (let node = queue.shift(); node !== undefined; node = queue.shift()) {
    const path = pathTo.get(node) ?? [];
    for (const target of graph.get(node) ?? []) {
      if (target === start) return [...path, start];
      if (group.has(target) && !pathTo.has(target)) {
        pathTo.set(target, [...path, target]);
        queue.push(target);
      }
    }
  }
  return undefined;
}
