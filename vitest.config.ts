import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { configDefaults, defineConfig, mergeConfig } from 'vitest/config';
import { playwright } from '@vitest/browser-playwright';
import type { BrowserCommand } from 'vitest/node';
import viteConfig from './vite.config.ts';
import { chromiumLaunchOptions } from './tools/chromium.ts';
import { partnersPlugin } from './tools/vite-plugin-partners.ts';
import { defaultVisualWidths } from './tests/visual/storyWidths.ts';
import { filesMockingModules } from './tools/test/moduleMocks.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Visual regression (tests/visual/setup.ts). Baselines: tests/visual/__screenshots__/chromium-linux/
 * <partner>/<blocks|journey>/<story>-<width>.png, refreshed by `npm run test:visual:update`.
 * A failing comparison writes <name>-actual.png and <name>-diff.png under test-results/visual/.
 * VISUAL_WIDTHS ("1024" or "375,1440") narrows the widths of the stories that do not name their
 * own (the coverage set's; see tools/storybook/visualPolicy.ts); VISUAL_PARTNERS_DIR serves the
 * partner files from another folder and generates the stories from it; VISUAL_BASELINE_DIR reads
 * and writes the baselines in another folder inside the project (the browser writes only there).
 * tools/visual/proveGate.ts and the bench's scale scenario use them.
 */
/**
 * VISUAL_EXACT=1 compares every screenshot pixel for pixel (no tolerance), to find baselines that
 * have drifted from what the stories render while staying under it; with `--update` it re-records
 * exactly those (docs/testing.md).
 */
const visualExact = process.env.VISUAL_EXACT === '1';
const visualWidths = (process.env.VISUAL_WIDTHS ?? defaultVisualWidths.join(','))
  .split(',')
  .map((width) => Number(width.trim()))
  .filter((width) => Number.isInteger(width) && width > 0);
const screenshotDir = resolve(
  process.env.VISUAL_BASELINE_DIR ?? resolve(root, 'tests/visual/__screenshots__'),
);
const diffDir = resolve(process.env.VISUAL_DIFF_DIR ?? resolve(root, 'test-results/visual'));
const partnersOverride = process.env.VISUAL_PARTNERS_DIR;

/** Server test files the server-postgres project skips: no database, or both engines inside. */
const postgresCoveredElsewhere = [
  '**/node_modules/**',
  'server/test/botCheck.test.ts',
  'server/test/config.test.ts',
  'server/test/consent.test.ts',
  'server/test/deployCheck.test.ts',
  'server/test/spa.test.ts',
  'server/test/storage.test.ts',
  'server/test/outbox.test.ts',
  'server/test/rateLimitStore.test.ts',
  'server/test/instances.test.ts',
  'server/test/outage.test.ts',
  'server/test/turnBudget.test.ts',
  'server/test/connectionStorm.test.ts',
  'server/test/experiments.test.ts',
  'server/test/dynamicText.test.ts',
];

/**
 * Tests beside studio/, src/ or tools/ code that open the site's SQLite database: the server
 * project runs them, not the unit project. On a fresh machine the unit tests run while
 * better-sqlite3's addon still compiles (`.ci/run`, tools/test/all.ts), and a unit test that opened
 * the database failed there only ("Could not locate the bindings file"); the unit project's setup
 * (tests/unit/noDatabase.ts) makes one fail on every machine, with a sentence saying to list it here.
 */
const databaseTests = ['studio/server/studioReport.test.ts'];

/**
 * Every package the browser tests and the stories import, pre-bundled by Vite once at the start.
 * One found mid-run makes Vite bundle again and reload the test page, which failed the tests
 * running in it (seen on a fresh machine: the forms' layout and select tests, the visual gate).
 */
const browserDependencies = [
  'react',
  'react-dom',
  'react-dom/client',
  'react-router-dom',
  'jotai',
  '@tanstack/react-query',
  '@rjsf/core',
  '@rjsf/utils',
  '@radix-ui/react-accordion',
  '@radix-ui/react-select',
  '@radix-ui/react-toast',
  // The journey stories' payment step and the compiled form validators: found mid-run otherwise.
  '@stripe/react-stripe-js',
  '@stripe/stripe-js',
  '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js',
  'swiper',
  'swiper/modules',
  'xss',
  'axe-core',
  // The studio's component tests and its results charts.
  '@dnd-kit/core',
  '@dnd-kit/sortable',
  '@dnd-kit/utilities',
  '@rjsf/validator-ajv8',
  'ajv/dist/2020.js',
  'chart.js',
  'chartjs-chart-error-bars',
  'react-chartjs-2',
  'react/jsx-dev-runtime',
];

/** Browser test files that replace a module: the browser-isolated project's (moduleMocks.ts). */
const browserFilesMockingModules = filesMockingModules(root);

/**
 * How long a browser or end-to-end test's expect.poll and expect.element wait for what they
 * check. Vitest's default (1 s) is a stopwatch on a busy machine (a form's code that took longer
 * to come failed an e2e test under load); this only stops a wait that would never end.
 */
const pollTimeoutMs = 15_000;

/** The browser projects' bounds (both hang guards, not speed bounds). */
const browserFileLimits = {
  // Vitest's 15 s in a browser was passed by a select test on a loaded machine (docs/testing.md,
  // Time in tests).
  testTimeout: 60_000,
  expect: { poll: { timeout: pollTimeoutMs } },
};

/**
 * Files at a time in the second group (the Storybook and end-to-end projects, which Vitest requires
 * to share one count). VITEST_GROUP1_WORKERS overrides; VITEST_MAX_WORKERS sets both groups.
 */
const secondGroupWorkers = Number(
  process.env.VITEST_GROUP1_WORKERS ?? process.env.VITEST_MAX_WORKERS ?? 2,
);

const emulateReducedMotion: BrowserCommand<[]> = async (context) => {
  if (context.provider.name !== 'playwright') return;
  const { page } = context as unknown as {
    page: { emulateMedia(options: { reducedMotion: 'reduce' }): Promise<void> };
  };
  await page.emulateMedia({ reducedMotion: 'reduce' });
};

const resizeWindow: BrowserCommand<[number, number]> = async (context, width, height) => {
  if (context.provider.name !== 'playwright') return;
  const { page } = context as unknown as {
    page: { setViewportSize(size: { width: number; height: number }): Promise<void> };
  };
  await page.setViewportSize({ width, height });
};

const browser = {
  enabled: true,
  headless: true,
  provider: playwright({ launchOptions: chromiumLaunchOptions }),
  instances: [{ browser: 'chromium' as const }],
  // A failed test's screenshot goes with the run's other results, not beside the test file,
  // where it would show as a new file to commit.
  screenshotDirectory: 'test-results/failures',
};

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      // Two test files at a time. Vitest's default on a 2-core machine is one (cores - 1), which
      // ran every file back to back with the CPU mostly idle: most tests spend their time waiting
      // on pages, timers and polling. Servers listen on port 0, each with its own temp folder,
      // SQLite file or Postgres schema. Two groups: the unit, server and browser projects, then
      // the Storybook and end-to-end projects side by side (two files of each at a time).
      // VITEST_MAX_WORKERS overrides.
      maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 2),
      // Each file's time, and the ten slowest at the end (tools/test/timeTable.ts); when the
      // Storybook project is done, for `npm test` to start the visual gate (projectEnd.ts).
      reporters: ['default', './tools/test/timeReporter.ts', './tools/test/projectEnd.ts'],
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            environment: 'node',
            // Modules shared between the files of a worker, as the server's below (unit: 43 CPU
            // seconds instead of 99). A test that needs a module's fresh state asks for it
            // (vi.resetModules, as precompiledValidators.test.ts does).
            isolate: false,
            // A module's test sits beside it in src/, studio/ or tools/ (docs/testing.md); what
            // is about the whole project stays in tests/unit. server/ is the server projects'.
            include: [
              'tests/unit/**/*.test.{ts,tsx}',
              'src/**/*.test.{ts,tsx}',
              'studio/**/*.test.{ts,tsx}',
              'tools/**/*.test.{ts,tsx}',
            ],
            exclude: [...configDefaults.exclude, ...databaseTests],
            setupFiles: ['tests/unit/noDatabase.ts'],
            // Some unit tests render whole pages or draw PNGs: seconds on a busy 2-core machine.
            testTimeout: 20_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'server',
            environment: 'node',
            // better-sqlite3's addon may still compile on a fresh machine (tools/test/preparedSetup.ts).
            setupFiles: ['tools/test/preparedSetup.ts'],
            include: ['server/**/*.test.ts', ...databaseTests],
            // One module graph per worker, not per file: each server file imported the server,
            // its storage and the partner files afresh (measured alone under load: import 190 s of
            // the server project's 370 s wall; shared, 15 s of 143 s). Each test builds its own
            // server, temp folder and database, and restores any global it stubs.
            isolate: false,
            // A hang guard, not a speed bound (docs/testing.md, Time in tests).
            testTimeout: 30_000,
            // A throwaway Postgres cluster: storage and multi-instance tests run on both engines.
            globalSetup: ['server/test/postgres/globalSetup.ts'],
            hookTimeout: 60_000,
          },
        },
        {
          // The HTTP server tests again, each server on its own schema of a throwaway Postgres.
          // Files without database work (or that cover both engines themselves) run once, above.
          extends: true,
          test: {
            name: 'server-postgres',
            environment: 'node',
            setupFiles: ['tools/test/preparedSetup.ts'],
            include: ['server/**/*.test.ts'],
            exclude: postgresCoveredElsewhere,
            isolate: false,
            testTimeout: 30_000,
            env: { TEST_DATABASE: 'postgres' },
            globalSetup: ['server/test/postgres/globalSetup.ts'],
            hookTimeout: 60_000,
          },
        },
        {
          extends: true,
          optimizeDeps: { include: browserDependencies },
          test: {
            name: 'browser',
            include: ['tests/browser/**/*.test.{ts,tsx}'],
            exclude: [...configDefaults.exclude, ...browserFilesMockingModules],
            // The files share their test page instead of each loading the site's modules into a
            // fresh one, as the Storybook project's do: each test renders its own tree and
            // unmounts it after (tests/browser/support/render.tsx). Measured alone, in CPU
            // seconds of every process: 159-179 isolated, 142-148 shared beside an isolated
            // project for the two files that replaced a module, 99 with every file shared
            // (docs/testing.md). A file that replaces a module runs isolated (below).
            isolate: false,
            ...browserFileLimits,
            browser,
          },
        },
        ...(browserFilesMockingModules.length === 0
          ? []
          : [
              {
                // The browser files that replace a module (vi.mock), each in a page of its
                // own: in the shared page above, a module another file loaded first cannot be
                // replaced. Only while there are such files: a project with nothing to include
                // would take Vitest's defaults.
                extends: true as const,
                optimizeDeps: { include: browserDependencies },
                test: {
                  name: 'browser-isolated',
                  include: browserFilesMockingModules,
                  ...browserFileLimits,
                  // Its own instance list: Vitest names the instance objects per project.
                  browser: { ...browser, instances: [{ browser: 'chromium' as const }] },
                },
              },
            ]),
        {
          extends: true,
          test: {
            name: 'e2e',
            environment: 'node',
            include: ['tests/e2e/**/*.test.ts'],
            globalSetup: ['tests/e2e/globalSetup.ts'],
            // The builds globalSetup.ts starts without waiting: each file waits for them first.
            setupFiles: ['tools/test/preparedSetup.ts', 'tests/e2e/waitForBuilds.ts'],
            // Beside the Storybook project, after the unit, server and browser projects (see
            // maxWorkers above). The tests of a file run one at a time: two files of whole journeys
            // already keep both cores busy (measured: 97-100% for the e2e projects alone), and
            // more side by side only starved the pages (a carousel not set up within 30 s).
            sequence: { groupOrder: 1 },
            maxWorkers: secondGroupWorkers,
            // One module graph per worker, as the server projects': each file imported the
            // server, Playwright and the harness afresh. Measured, the two e2e projects alone:
            // import 83 s summed, 841 s of CPU, 459 s of wall time; shared, 25 s, 790 s, 430 s.
            // Each file starts its own server, browser and temp folders (stackForThisFile,
            // setUpStudio) and restores the environment it sets.
            isolate: false,
            testTimeout: 60_000,
            hookTimeout: 120_000,
            expect: { poll: { timeout: pollTimeoutMs } },
          },
        },
        {
          // The whole journey of every partner again, its server on a throwaway Postgres (the
          // other end-to-end files on SQLite only: the server tests cover both engines).
          extends: true,
          test: {
            name: 'e2e-postgres',
            environment: 'node',
            include: ['tests/e2e/journey.test.ts'],
            env: { TEST_DATABASE: 'postgres' },
            globalSetup: ['tests/e2e/globalSetup.ts', 'server/test/postgres/globalSetup.ts'],
            setupFiles: ['tools/test/preparedSetup.ts', 'tests/e2e/waitForBuilds.ts'],
            sequence: { groupOrder: 1 },
            maxWorkers: secondGroupWorkers,
            isolate: false,
            testTimeout: 60_000,
            hookTimeout: 120_000,
            expect: { poll: { timeout: pollTimeoutMs } },
          },
        },
        {
          // Every story of .storybook/main.ts runs as a browser test: render, play, axe (WCAG 2.2
          // A/AA, addon-a11y) and, for stories tagged `visual`, screenshots at each width.
          extends: true,
          plugins: [
            // The proof that the visual gate bites serves a changed copy of the partner files.
            ...(partnersOverride
              ? [
                  {
                    ...partnersPlugin(root, { partnersDir: resolve(partnersOverride) }),
                    enforce: 'pre' as const,
                  },
                ]
              : []),
            storybookTest({ configDir: fileURLToPath(new URL('.storybook', import.meta.url)) }),
          ],
          // Pre-bundled at start: a dependency found mid-run reloads the page and fails stories.
          optimizeDeps: { include: browserDependencies },
          test: {
            name: 'storybook',
            expect: { poll: { timeout: pollTimeoutMs } },
            // A whole page screenshotted at three widths takes 10-15 s on an idle 2-core machine;
            // leave room for a busy one.
            testTimeout: 60_000,
            // After the other projects: two cores cannot run all the browsers at once without
            // slowing each other's timing-sensitive tests.
            sequence: { groupOrder: 1 },
            maxWorkers: secondGroupWorkers,
            // The story files share their test page instead of each loading the site's several
            // hundred modules into a fresh one: Storybook's runner mounts each story from its own
            // args and unmounts it after, so nothing of one story stays for the next (measured over the 23 story files, in CPU
            // seconds of every process, so a busy machine does not skew it: 254 s isolated, 189 s
            // shared; about 2 s less per file, so per partner outside the coverage set).
            isolate: false,
            setupFiles: ['tests/visual/setup.ts'],
            // The screenshots are taken in an afterEach hook, three widths each: a long page (the
            // showcase partner lists every block twice, about 15,000 px tall on a phone) needs
            // more than the default 30 s on two busy cores (112 s measured under a load of 15).
            hookTimeout: 300_000,
            provide: { visualWidths, visualExact },
            browser: {
              ...browser,
              // Its own instance list: Vitest names the instance objects per project.
              instances: [{ browser: 'chromium' as const }],
              // A window larger than the widest story (1440 x 900), so the test frame is never
              // scaled down to fit and screenshots are at true size.
              provider: playwright({
                launchOptions: chromiumLaunchOptions,
                contextOptions: { viewport: { width: 1600, height: 1000 } },
              }),
              // Lets toMatchScreenshot write baselines and diffs (the server listens on 127.0.0.1).
              api: { allowWrite: true },
              commands: { emulateReducedMotion, resizeWindow },
              expect: {
                toMatchScreenshot: {
                  comparatorName: 'pixelmatch' as const,
                  comparatorOptions: { allowedMismatchedPixelRatio: 0.001 },
                  resolveScreenshotPath: ({ arg, ext, browserName, platform }) =>
                    resolve(screenshotDir, `${browserName}-${platform}`, `${arg}${ext}`),
                  resolveDiffPath: ({ arg, ext }) => resolve(diffDir, `${arg}${ext}`),
                },
              },
            },
          },
        },
      ],
    },
  }),
);
