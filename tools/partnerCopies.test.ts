import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/node/loadConfig.ts';
import { partnerCopy, shiftText, shiftsOf, writePartnerCopies } from './partnerCopies.ts';

/*
 * The bench's scale scenario and the visual gate's proof measure made-up partners: they must be
 * partners the product accepts (the same check as `npm run partners:check`), each its own, and
 * weigh what the original weighs.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const demo = JSON.parse(readFileSync(join(root, 'partners', 'demo.json'), 'utf8')) as Record<
  string,
  never
>;

/** Every string in a JSON value with its path, e.g. ["/pages/landing/sections/0/props/title", "..."]. */
function strings(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (Array.isArray(value))
    return value.flatMap((item, index) => strings(item, `${path}/${index}`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => strings(item, `${path}/${key}`));
  return [];
}

describe('made-up partners for the scale bench and the gate proof', () => {
  it('writes copies that pass the partner check next to the real partners', () => {
    const dir = mkdtempSync(join(tmpdir(), 'homesafe-copies-'));
    dirs.push(dir);
    cpSync(join(root, 'partners'), join(dir, 'partners'), { recursive: true });
    const ids = writePartnerCopies(join(dir, 'partners'), 30);
    expect(ids).toHaveLength(30);
    expect(ids[0]).toBe('scale-001');

    const config = loadConfig({
      root,
      partnersDir: join(dir, 'partners'),
    });
    expect(config.problems).toEqual([]);
    const realIds = readdirSync(join(root, 'partners')).map((name) => name.replace('.json', ''));
    expect(config.partners.map((partner) => partner.id).sort()).toEqual(
      [...realIds, ...ids].sort(),
    );

    const copies = config.partners.filter((partner) => ids.includes(partner.id));
    const distinct = (values: string[]) => new Set(values).size;
    expect(distinct(copies.map((partner) => partner.name))).toBe(30);
    expect(distinct(copies.flatMap((partner) => partner.hosts))).toBe(30);
    expect(distinct(copies.map((partner) => partner.offer.campaignId?.dev ?? ''))).toBe(30);
    expect(distinct(copies.map((partner) => partner.offer.campaignId?.prod ?? ''))).toBe(30);
    const landings = copies.map((partner) => JSON.stringify(partner.pages.landing));
    expect(distinct(landings)).toBe(30);
    for (const copy of copies) {
      // Nothing of demo's identity or copy is left to be mistaken for demo's.
      const text = JSON.stringify(copy);
      expect(text).not.toContain('Demo Partner');
      expect(text).not.toContain('demo-dev');
      expect(text).not.toContain('A home safety check you can do today');
    }
  });

  it('keeps the length of every string, and the markup, paths and field keys as they are', () => {
    const copy = partnerCopy(demo, { index: 7 });
    expect(copy.id).toBe('scale-007');
    expect(copy.name).toBe('Partner 0007');
    expect(String(copy.name)).toHaveLength(String(demo.name).length);
    const before = new Map(strings(demo));
    const after = new Map(strings(copy));
    expect([...after.keys()].filter((path) => path !== '/hosts/0')).toEqual([...before.keys()]);
    expect(copy.hosts).toEqual(['scale-007.partners.example']);
    expect(copy.offer).toMatchObject({
      campaignId: { dev: 'scale-007-dev', prod: 'scale-007-prod' },
    });
    // The identity is new (above); the copy keeps every length.
    const identity = ['/id', '/offer/campaignId/dev', '/offer/campaignId/prod'];
    for (const [path, value] of before) {
      if (identity.includes(path)) continue;
      expect(after.get(path)?.length, path).toBe(value.length);
    }
    const form = copy.form as { subtitleHtml: string; fields: { name: string }[] };
    expect(form.subtitleHtml).toMatch(/^[A-Za-z ]+\.<br><strong>[^<]+<\/strong>$/);
    expect(form.fields.map((field) => field.name)).toEqual(['email', 'zipCode']);
    const branding = copy.branding as Record<string, string>;
    expect(branding.logoSrc).toBe('/partners/demo/logo.2x.webp');
    expect(branding.logoAlt).toBe('Partner 0007');
    expect(existsSync(join(root, 'public', branding.logoSrc!))).toBe(true);
  });

  it('changes every letter and nothing else', () => {
    expect(shiftText('Abc z, 50% <b>off</b> &amp; Z', [1])).toBe('Bcd a, 50% <b>pgg</b> &amp; A');
    expect(shiftText('aaa', [1, 2, 3])).toBe('bcd');
    const seen = new Set(Array.from({ length: 700 }, (_, index) => shiftsOf(index + 1).join()));
    expect(seen.size).toBe(700);
    for (const shift of shiftsOf(12_345)) expect(shift).toBeGreaterThanOrEqual(1);
  });
});
