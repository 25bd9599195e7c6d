import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PartnerConfig } from '../../src/config/generated/partner.ts';
import { contactSheetHtml } from './contactSheet.ts';
import { createSignOff } from './signOff.ts';
import { signOffShots } from './signOffShots.ts';
import { createWorkspace } from './workspace.ts';
import { copyProject, repoRoot } from '../../tests/support/projectCopy.ts';

const showcase = JSON.parse(
  readFileSync(join(repoRoot, 'partners', 'showcase.json'), 'utf8'),
) as PartnerConfig;

describe('Share for sign-off: what is photographed', () => {
  it('lists every page in the order a visitor meets them, each version, at phone and desktop width', () => {
    const shots = signOffShots(showcase);
    expect(shots.map((shot) => shot.label)).toEqual([
      'Home page – as written (control) – phone (375 px)',
      'Home page – as written (control) – desktop (1280 px)',
      'Home page – variant “fewer-falls” – phone (375 px)',
      'Home page – variant “fewer-falls” – desktop (1280 px)',
      'Campaign page “Spring offer” (/spring-offer) – phone (375 px)',
      'Campaign page “Spring offer” (/spring-offer) – desktop (1280 px)',
      'Claim-offer page – as written (control) – phone (375 px)',
      'Claim-offer page – as written (control) – desktop (1280 px)',
      'Claim-offer page – variant “whats-included” – phone (375 px)',
      'Claim-offer page – variant “whats-included” – desktop (1280 px)',
    ]);
    // The claim-offer page is shown inside the offer journey; file names are unique.
    expect(shots.filter((shot) => shot.page === 'journey:ClaimOffer')).toHaveLength(4);
    expect(new Set(shots.map((shot) => shot.file)).size).toBe(shots.length);
    expect(shots[2]).toMatchObject({
      version: 'fewer-falls',
      file: '01-landing-fewer-falls-phone.png',
    });
  });

  it("writes each tested version's share and schedule under it, and one file with the pictures inside", () => {
    const shots = signOffShots(showcase);
    expect(shots[2]?.note).toMatch(/^Shown to \d+(\.\d)?%/);
    // An untested page has no share to say.
    expect(shots[4]?.note).toBeUndefined();
    const html = contactSheetHtml({
      partnerName: 'Showcase',
      file: 'partners/showcase.json',
      takenAt: 'November 26, 2026 at 7:40 AM',
      shots,
      source: (shot) => `data:image/png;base64,${Buffer.from(shot.file).toString('base64')}`,
    });
    expect(html.match(/<img src="data:image\/png;base64,/g)).toHaveLength(shots.length);
    expect(html).not.toContain('<a href=');
    expect(html).toContain(`<p class="share">${shots[2]?.note ?? ''}</p>`);
  });

  it('writes a contact sheet naming each picture, its words escaped', () => {
    const shots = signOffShots(showcase);
    const html = contactSheetHtml({
      partnerName: 'Tom & <Jerry>',
      file: 'partners/showcase.json',
      takenAt: '26 November 2026 at 07:40',
      shots,
    });
    expect(html).toContain('<h1>Tom &amp; &lt;Jerry&gt;: pages for sign-off</h1>');
    expect(html).toContain('10 pictures of the saved file partners/showcase.json');
    expect(html.match(/<img /g)).toHaveLength(shots.length);
    expect(html).toContain(
      '<img src="03-claim-offer-whats-included-phone.png" alt="Claim-offer page – variant “whats-included” – phone (375 px)" width="375">',
    );
    expect(html.match(/<h2>/g)).toHaveLength(3);
  });
});

describe('Share for sign-off: refusals in words', () => {
  let project: ReturnType<typeof copyProject>;
  beforeEach(() => {
    project = copyProject();
  });
  afterEach(() => project.remove());

  it('says where Chromium was looked for when it is missing', () => {
    const signOff = createSignOff(createWorkspace(project.root), {
      executablePath: join(project.root, 'no-chromium-here'),
    });
    expect(() => signOff.start('showcase', 'http://127.0.0.1:5180')).toThrow(
      /needs Chromium to take the pictures, and there is none at .*no-chromium-here\. Install it/,
    );
  });

  it('refuses a partner that has no saved file, and an unknown run', () => {
    // Any file that exists stands for Chromium here: these refusals come before it is started.
    const signOff = createSignOff(createWorkspace(project.root), {
      executablePath: process.execPath,
    });
    expect(() => signOff.start('nobody-yet', 'http://127.0.0.1:5180')).toThrow(
      'There is no partner file partners/nobody-yet.json.',
    );
    expect(() => signOff.status('no-such-run')).toThrow(/no such sign-off run/);
  });
});
