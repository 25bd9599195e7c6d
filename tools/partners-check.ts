/** `npm run partners:check`: checks every partner file and the site file, and explains problems. */
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../src/config/node/loadConfig.ts';
import { formatProblems } from '../src/config/node/validation/checkConfig.ts';

// --root lets tests check a copy of the project.
const rootFlag = process.argv.indexOf('--root');
const root =
  (rootFlag > 0 && process.argv[rootFlag + 1]) || fileURLToPath(new URL('..', import.meta.url));
const { partners, problems, warnings } = loadConfig({ root });

if (warnings.length > 0) console.warn(`warning:\n${formatProblems(warnings)}`);

if (problems.length > 0) {
  console.error(
    `Partner configuration has ${problems.length} problem(s):\n${formatProblems(problems)}`,
  );
  process.exit(1);
}
console.log(
  `partners:check: ${partners.length} partner files are valid (${partners.map((p) => p.id).join(', ')}).`,
);
