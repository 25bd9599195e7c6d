import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config/node/loadConfig.ts';
import {
  createPartnerDirectory,
  normalizeHostname,
  pageTitle,
  resolvePartner,
} from '../../../src/config/resolvePartner.ts';

const root = new URL('../../..', import.meta.url).pathname;
const { partners, site } = loadConfig({ root });
const directory = createPartnerDirectory(partners);
const idFor = (hostname: string | undefined, clientId: string | undefined) =>
  resolvePartner(directory, { hostname, clientId }).partner.id;

describe('partner resolution (spec §2)', () => {
  it('lets the retailer hosts and localhost pick lowes whatever the route says', () => {
    for (const host of [
      'homesafety.lowes.com',
      'homesafety-dev.lowes.com',
      'localhost',
      'LOCALHOST',
      'homesafety.lowes.com.',
    ]) {
      expect(idFor(host, 'demo')).toBe('lowes');
      expect(idFor(host, undefined)).toBe('lowes');
    }
  });

  it('uses the clientId route parameter on other hosts', () => {
    expect(idFor('127.0.0.1', 'demo')).toBe('demo');
    expect(idFor('homesafe-scan.example', 'cor-freedom')).toBe('cor-freedom');
    expect(idFor('127.0.0.1', 'Cor-Freedom')).toBe('cor-freedom');
    expect(resolvePartner(directory, { hostname: '127.0.0.1', clientId: 'demo' }).source).toBe(
      'route',
    );
  });

  it('falls back to default for an unknown or missing id', () => {
    expect(idFor('127.0.0.1', 'acme')).toBe('default');
    expect(idFor('127.0.0.1', undefined)).toBe('default');
    expect(idFor(undefined, undefined)).toBe('default');
    expect(resolvePartner(directory, { clientId: 'nope' }).source).toBe('fallback');
  });

  it('normalises host names', () => {
    expect(normalizeHostname(' WWW.Example.COM:8080 ')).toBe('www.example.com');
    expect(normalizeHostname('example.com.')).toBe('example.com');
  });

  it("titles pages '{partner name} | {product}'", () => {
    const demo = directory.byId.get('demo')!;
    expect(pageTitle(demo, site!.product)).toBe(`${demo.name} | HomeSafe Scan`);
  });

  it('names the product once, and says what it is, when the partner is the product itself', () => {
    const fallback = directory.fallback;
    expect(fallback.name).toBe(site!.product);
    expect(pageTitle(fallback, site!.product)).toBe(
      'HomeSafe Scan | Virtual Home Safety Assessment',
    );
    // The rule is about the names, not the default partner's id: spacing and case do not matter.
    const named = { ...directory.byId.get('demo')!, name: ' homesafe  scan ' };
    expect(pageTitle(named, site!.product)).toBe('HomeSafe Scan | Virtual Home Safety Assessment');
  });

  it('refuses to build a directory without the default partner', () => {
    expect(() => createPartnerDirectory(partners.filter((p) => p.id !== 'default'))).toThrow(
      /default\.json/,
    );
  });
});
