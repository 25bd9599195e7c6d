import { describe, expect, it } from 'vitest';
import type { PartnerConfig } from '../config/generated/partner.ts';
import { loadConfig } from '../config/node/loadConfig.ts';
import { browserCatalog, readEmbeddedPartner, type FetchJson } from './browserCatalog.ts';

const root = new URL('../..', import.meta.url).pathname;
const { partners } = loadConfig({ root });
const byId = (id: string) => partners.find((partner) => partner.id === id)!;

/** A fake /partner-data/ that records what the catalog fetched. */
function server() {
  const fetched: string[] = [];
  const load: FetchJson = async (path) => {
    fetched.push(path);
    if (path === '/partner-data/hosts.json') return { 'homesafety.lowes.com': 'lowes' };
    const id = /\/partner-data\/(.+)\.json$/.exec(path)?.[1] ?? '';
    return partners.find((partner) => partner.id === id);
  };
  return { fetched, load };
}

const id = async (found: PartnerConfig | Promise<PartnerConfig>) => (await found).id;

describe('the browser catalog holds its own partner and fetches another only when asked', () => {
  it('answers its own partner at once, with no request', () => {
    const { fetched, load } = server();
    const catalog = browserCatalog({ partner: byId('demo'), host: '' }, load);
    expect(catalog.resolve({ hostname: '127.0.0.1', clientId: 'demo' })).toBe(byId('demo'));
    expect(catalog.resolve({ hostname: '127.0.0.1', clientId: 'DEMO' })).toBe(byId('demo'));
    expect(fetched).toEqual([]);
  });

  it('fetches another partner once, and gives the same promise until it arrives', async () => {
    const { fetched, load } = server();
    const catalog = browserCatalog({ partner: byId('demo'), host: '' }, load);
    const first = catalog.resolve({ hostname: '127.0.0.1', clientId: 'lowes' });
    expect(first).toBeInstanceOf(Promise);
    expect(catalog.resolve({ hostname: '127.0.0.1', clientId: 'lowes' })).toBe(first);
    expect(await id(first)).toBe('lowes');
    // Once it has arrived: still the same promise (React's use() wants it on every render),
    // marked as settled so that use() reads it at once without suspending again.
    expect(catalog.resolve({ hostname: '127.0.0.1', clientId: 'lowes' })).toBe(first);
    expect(first).toMatchObject({ status: 'fulfilled', value: byId('lowes') });
    expect(fetched).toEqual(['/partner-data/lowes.json']);
  });

  it('falls back to the default partner for an unknown id or none (spec §2)', async () => {
    const { load } = server();
    const catalog = browserCatalog({ partner: byId('demo'), host: '' }, load);
    expect(await id(catalog.resolve({ hostname: '127.0.0.1', clientId: 'acme' }))).toBe('default');
    expect(await id(catalog.resolve({ hostname: '127.0.0.1', clientId: undefined }))).toBe(
      'default',
    );
  });

  it('keeps a page rendered for a host on that partner, whatever the route says', () => {
    const { fetched, load } = server();
    const catalog = browserCatalog({ partner: byId('lowes'), host: 'localhost' }, load);
    expect(catalog.resolve({ hostname: 'localhost', clientId: 'demo' })).toBe(byId('lowes'));
    expect(fetched).toEqual([]);
  });

  it('without an embedded partner, asks the small host map first, then the route', async () => {
    const { fetched, load } = server();
    const catalog = browserCatalog(undefined, load);
    expect(await id(catalog.resolve({ hostname: 'homesafety.lowes.com', clientId: 'demo' }))).toBe(
      'lowes',
    );
    expect(await id(catalog.resolve({ hostname: 'elsewhere.example', clientId: 'demo' }))).toBe(
      'demo',
    );
    expect(fetched).toEqual([
      '/partner-data/hosts.json',
      '/partner-data/lowes.json',
      '/partner-data/demo.json',
    ]);
  });
});

describe("a prerendered page's own partner", () => {
  /** A page whose #partner-data holds `text`. */
  const page = (text: string | undefined) => ({
    getElementById: (id: string) =>
      id === 'partner-data' && text !== undefined ? ({ textContent: text } as HTMLElement) : null,
  });

  it('is read from the page when embedded, with no request', async () => {
    const { fetched, load } = server();
    const embedded = await readEmbeddedPartner(
      page(JSON.stringify({ partner: byId('demo'), host: 'demo.example' })),
      load,
    );
    expect(embedded?.partner.id).toBe('demo');
    expect(embedded?.host).toBe('demo.example');
    expect(fetched).toEqual([]);
  });

  it('is fetched from the file a long page names instead, keeping the host it was rendered for', async () => {
    const { fetched, load } = server();
    const embedded = await readEmbeddedPartner(
      page(JSON.stringify({ href: '/partner-data/showcase.json', host: '' })),
      load,
    );
    expect(embedded?.partner).toEqual(byId('showcase'));
    expect(embedded?.host).toBe('');
    expect(fetched).toEqual(['/partner-data/showcase.json']);
  });

  it('is absent on the app shell, and a missing file says which', async () => {
    const { load } = server();
    expect(await readEmbeddedPartner(page(undefined), load)).toBeUndefined();
    await expect(
      readEmbeddedPartner(
        page(JSON.stringify({ href: '/partner-data/gone.json', host: '' })),
        load,
      ),
    ).rejects.toThrow('/partner-data/gone.json is missing');
  });
});
