import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import type { PartnerConfig } from '../../src/config/generated/partner.ts';
import { journeyPages, type JourneyPage } from '../../src/preview/journeyPages.ts';
import { chromiumLaunchOptions } from '../../tools/chromium.ts';
import { contactSheetHtml } from './contactSheet.ts';
import { settlePage } from './settlePage.ts';
import { signOffShots, type SignOffShot } from './signOffShots.ts';
import { StudioError, type Workspace } from './workspace.ts';

/**
 * "Share for sign-off": pictures of the saved partner file, taken by a headless Chromium the
 * studio starts on demand. It opens the studio's own preview frame (the same page components the
 * site renders), sends it the file as the editor would, and photographs each page and version at
 * phone and desktop width, whole. Nothing leaves this machine: every request outside the studio's
 * own address is refused. The pictures, their contact sheet and the one file to send (the sheet
 * with the pictures inside) go to sign-off/<partner>/<YYYY-MM-DD-HHMM>/ under the project
 * (git-ignored).
 */
export interface SignOffJob {
  job: string;
  partnerId: string;
  state: 'running' | 'done' | 'failed';
  /** Pictures taken so far, and how many there will be. */
  done: number;
  total: number;
  /** The picture being taken, in words. */
  current?: string;
  /** When done: the folder under the project root, and the contact sheet's address on the studio. */
  folder?: string;
  sheet?: string;
  /** When done: the one file to send (the sheet with the pictures inside), and its size. */
  file?: string;
  fileBytes?: number;
  /** When failed: what went wrong, in a sentence. */
  message?: string;
}

export const signOffDir = 'sign-off';

/** The file to send the partner: "acme-homes-sign-off.html". */
export const sendFileName = (id: string) => `${id}-sign-off.html`;

/** "2026-11-26-0740" in the studio's own time zone (the manager's), plus "-2"... when taken. */
function folderFor(root: string, id: string, now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  const stamp = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}-${pad(now.getHours())}${pad(now.getMinutes())}`;
  let name = stamp;
  for (let n = 2; existsSync(join(root, signOffDir, id, name)); n++) name = `${stamp}-${n}`;
  return `${signOffDir}/${id}/${name}`;
}

const readyWatch = `addEventListener('message', (event) => {
  if (event.data && event.data.kind === 'partner-studio-preview-ready') window.__signOffReady = true;
});`;
const readyFlag = 'window.__signOffReady === true';

const readyTextOf = (shown: string): RegExp | undefined => {
  const name = shown.startsWith('journey:') ? shown.slice('journey:'.length) : '';
  return name in journeyPages ? journeyPages[name as JourneyPage].readyText : undefined;
};

/** One browser window for the run: its pages share a cache, so each after the first loads quickly. */
const windowOf = (browser: Browser, origin: string) =>
  browser.newContext({ deviceScaleFactor: 1, reducedMotion: 'reduce' }).then(async (context) => {
    // Only the studio itself answers: no font, picture or script from anywhere else.
    await context.route('**/*', (route) =>
      new URL(route.request().url()).origin === origin ? route.continue() : route.abort(),
    );
    // The frame says it listens by a message to its parent, which for a page of its own is itself.
    await context.addInitScript(readyWatch);
    return context;
  });

/** One picture: a fresh preview page (nothing left from the last), sent the partner and version. */
async function photograph(
  context: BrowserContext,
  origin: string,
  partner: PartnerConfig,
  shot: SignOffShot,
  path: string,
): Promise<void> {
  const page = await context.newPage();
  try {
    // The page's width is the screen's, before it loads, so its media queries apply from the start.
    await page.setViewportSize({ width: shot.width, height: 900 });
    await page.goto(`${origin}/preview.html`);
    await page.waitForFunction(readyFlag);
    await page.evaluate((message) => window.postMessage(message, window.location.origin), {
      kind: 'partner-studio-preview',
      partner,
      page: shot.page,
      version: shot.version,
    });
    // Rendered: the loading note gone, and text on screen (the page's lazy parts render nothing
    // until they arrive), or the note that the page cannot be shown.
    await page.waitForFunction(
      `!document.querySelector('.studio-preview-note')?.textContent?.startsWith('Loading') && document.getElementById('root').innerText.trim() !== ''`,
    );
    if ((await page.locator('.studio-preview-note').count()) > 0)
      throw new Error(`the preview could not show ${shot.label}`);
    // A page of the offer journey is there once it shows what its story waits for too.
    const ready = readyTextOf(shot.page);
    if (ready)
      await page.waitForFunction(
        `new RegExp(${JSON.stringify(ready.source)}, ${JSON.stringify(ready.flags)}).test(document.body.innerText)`,
      );
    await page.evaluate(settlePage);
    await page.screenshot({ path, fullPage: true, animations: 'disabled', caret: 'hide' });
  } finally {
    await page.close();
  }
}

export function createSignOff(
  workspace: Workspace,
  { executablePath = chromiumLaunchOptions.executablePath } = {},
) {
  const jobs = new Map<string, SignOffJob>();

  async function run(
    job: SignOffJob,
    origin: string,
    partner: PartnerConfig,
    shots: SignOffShot[],
  ) {
    const folder = folderFor(workspace.root, partner.id, new Date());
    const taken = new Date();
    let browser: Browser | undefined;
    try {
      browser = await chromium.launch({ ...chromiumLaunchOptions, executablePath });
      mkdirSync(join(workspace.root, folder), { recursive: true });
      const context = await windowOf(browser, origin);
      try {
        for (const shot of shots) {
          job.current = shot.label;
          await photograph(context, origin, partner, shot, join(workspace.root, folder, shot.file));
          job.done += 1;
        }
      } finally {
        await context.close();
      }
      const sheet = {
        partnerName: partner.name,
        file: `partners/${partner.id}.json`,
        takenAt: taken.toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short' }),
        shots,
      };
      writeFileSync(join(workspace.root, folder, 'index.html'), contactSheetHtml(sheet));
      // The one file to send: the same sheet with every picture inside.
      const send = sendFileName(partner.id);
      const inside = (shot: SignOffShot) =>
        `data:image/png;base64,${readFileSync(join(workspace.root, folder, shot.file)).toString('base64')}`;
      writeFileSync(
        join(workspace.root, folder, send),
        contactSheetHtml({ ...sheet, source: inside }),
      );
      Object.assign(job, {
        state: 'done',
        folder,
        sheet: `/${folder}/index.html`,
        file: `/${folder}/${send}`,
        fileBytes: statSync(join(workspace.root, folder, send)).size,
        current: undefined,
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
      Object.assign(job, {
        state: 'failed',
        current: undefined,
        message: `The pictures could not be taken (${job.done} of ${job.total} done): ${reason}.`,
      });
    } finally {
      await browser?.close();
    }
  }

  return {
    /**
     * Starts taking the pictures of the saved file partners/{id}.json (one run per partner at a
     * time: asking again while it runs returns the same job). `origin` is the studio's address.
     */
    start(id: string, origin: string): SignOffJob {
      const running = [...jobs.values()].find(
        (job) => job.partnerId === id && job.state === 'running',
      );
      if (running) return { ...running };
      const file = workspace.read(id);
      const partner = JSON.parse(file.text) as PartnerConfig;
      const problems = workspace.check(id, partner);
      if (problems.length > 0) {
        throw new StudioError(
          422,
          `partners/${id}.json as saved has ${problems.length} problem(s), so its pages cannot be shown for sign-off. Fix them and save first.`,
        );
      }
      if (!existsSync(executablePath)) {
        throw new StudioError(
          503,
          `Share for sign-off needs Chromium to take the pictures, and there is none at ${executablePath}. Install it (on Debian: apt-get install chromium) or set CHROMIUM_PATH to where it is, then restart the studio.`,
        );
      }
      const shots = signOffShots(partner);
      const job: SignOffJob = {
        job: randomUUID(),
        partnerId: id,
        state: 'running',
        done: 0,
        total: shots.length,
      };
      jobs.set(job.job, job);
      void run(job, origin, partner, shots);
      return { ...job };
    },

    /** Where a run stands; a copy, so the caller sees one moment. */
    status(jobId: string): SignOffJob {
      const job = jobs.get(jobId);
      if (!job)
        throw new StudioError(
          404,
          'The studio has no such sign-off run (was it restarted?). Start it again.',
        );
      return { ...job };
    },
  };
}

export type SignOff = ReturnType<typeof createSignOff>;
