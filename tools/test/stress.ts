/**
 * The suite on a slow host: `npm run test:stress [-- --repeat N] [--busy C]`. Keeps C cores busy
 * (default 1) with a process that only spins, as another tenant of a shared machine would, and
 * meanwhile runs the whole suite (`npm test`: checks, every Vitest project, the visual gate), then
 * the browser and end-to-end projects N more times (default 2) with the repeat tool
 * (tools/test/repeat.ts), which lists every test that failed in any run. A test that depends on
 * how fast the machine is fails here first. Exits 1 when anything failed; prints each part's time.
 */
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const tsx = join(root, 'node_modules/tsx/dist/cli.mjs');

function option(name: string, fallback: number): number {
  const args = process.argv.slice(2);
  const index = args.indexOf(`--${name}`);
  const value = index >= 0 ? Number(args[index + 1]) : fallback;
  if (!Number.isInteger(value) || value < 0 || value > 50) {
    console.error(`--${name} takes a whole number from 0 to 50.`);
    process.exit(2);
  }
  return value;
}

const repeat = option('repeat', 2);
const busyCores = option('busy', 1);

// The other tenant: a loop that never yields, one process per core it takes.
const busy = Array.from({ length: busyCores }, () =>
  spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
);
const stopBusy = () => busy.forEach((child) => child.kill('SIGKILL'));
process.on('exit', stopBusy);
process.on('SIGINT', () => process.exit(130));

function part(name: string, args: string[]): { name: string; seconds: number; ok: boolean } {
  console.log(`\n=== test:stress: ${name} (${busyCores} core(s) kept busy) ===\n`);
  const started = Date.now();
  const result = spawnSync(process.execPath, [tsx, ...args], { cwd: root, stdio: 'inherit' });
  return { name, seconds: Math.round((Date.now() - started) / 1000), ok: result.status === 0 };
}

const parts = [part('the whole suite (npm test)', [join(root, 'tools/test/all.ts')])];
if (repeat > 0) {
  parts.push(
    part(`the browser and e2e projects, ${repeat} more runs`, [
      join(root, 'tools/test/repeat.ts'),
      '--runs',
      String(repeat),
      '--project',
      // Both browser projects (browser-isolated exists while a file replaces a module).
      'browser*',
      '--project',
      'e2e',
    ]),
  );
}
stopBusy();
console.log(`\ntest:stress with ${busyCores} core(s) kept busy:`);
for (const { name, seconds, ok } of parts) {
  console.log(`  ${ok ? 'passed' : 'FAILED'}  ${String(seconds).padStart(5)} s  ${name}`);
}
process.exit(parts.every((entry) => entry.ok) ? 0 : 1);
