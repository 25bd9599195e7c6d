import { describe, expect, it } from 'vitest';
import { loadConfig } from './node/loadConfig.ts';
import {
  createPartnerDirectory,
  hostMap,
  normalizeHostname,
  pageTitle,
  partnerForHost,
  partnerOrDefault,
  resolvePartner,
} from './resolvePartner.ts';

const root = new URL('../..', import.meta.url).pathname;
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

describe('the partner directory, shared by the browser and the server', () => {
  it('finds a partner by host name, cleaned, and nothing for a host no partner lists', () => {
    expect(partnerForHost(directory, ' HomeSafety.Lowes.com.:443 ')?.id).toBe('lowes');
    expect(partnerForHost(directory, 'homesafe-scan.example')).toBeUndefined();
  });

  it('finds a partner by its exact id, else the default', () => {
    expect(partnerOrDefault(directory, 'demo').id).toBe('demo');
    expect(partnerOrDefault(directory, 'acme').id).toBe('default');
  });

  it('falls back to the first partner without default.json when asked (the server)', () => {
    const withoutDefault = partners.filter((p) => p.id !== 'default');
    const lenient = createPartnerDirectory(withoutDefault, { withoutDefault: 'first' });
    expect(lenient.fallback.id).toBe(withoutDefault[0]!.id);
    expect(partnerOrDefault(lenient, 'acme').id).toBe(withoutDefault[0]!.id);
    expect(() => createPartnerDirectory([], { withoutDefault: 'first' })).toThrow(
      /No partner configuration/,
    );
  });

  it("maps every partner's host names to its id, for the browser's hosts.json", () => {
    const hosts = hostMap(partners);
    expect(hosts['homesafety.lowes.com']).toBe('lowes');
    expect(Object.keys(hosts)).toHaveLength(partners.flatMap((p) => p.hosts).length);
    for (const [host, id] of Object.entries(hosts))
      expect(partnerForHost(directory, host)?.id).toBe(id);
  });
});
