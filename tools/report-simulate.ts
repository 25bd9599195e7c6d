/**
 * npm run report:simulate [-- --seed N] [-- --tests N]: simulated A/A and A/B tests with a look
 * every day, and the false-positive rate and power of the report's fixed and anytime intervals
 * side by side (server/report/simulate.ts). Reproducible: the same seed prints the same table.
 */
import { DEFAULT_SIMULATION, formatSimulation, simulate } from '../server/report/simulate.ts';

function positiveInteger(value: string | undefined, name: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} needs a positive whole number.`);
  return n;
}

function parse(argv: readonly string[]) {
  const options = { ...DEFAULT_SIMULATION };
  for (let i = 0; i < argv.length; i += 2) {
    const [name, value] = [argv[i], argv[i + 1]];
    if (name === '--seed') options.seed = positiveInteger(value, '--seed');
    else if (name === '--tests') options.tests = positiveInteger(value, '--tests');
    else
      throw new Error(
        `Unknown option ${name}. Usage: npm run report:simulate -- [--seed N] [--tests N]`,
      );
  }
  return options;
}

try {
  console.log(formatSimulation(simulate(parse(process.argv.slice(2)))));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
