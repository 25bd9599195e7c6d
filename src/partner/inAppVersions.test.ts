import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/node/loadConfig.ts';
import { browserCatalog, type FetchJson } from './browserCatalog.ts';
import { inAppVersions, type VersionSource } from './inAppVersions.ts';

const root = new URL('../..', import.meta.url).pathname;
const { partners } = loadConfig({ root });
const byId = (id: string) => partners.find((partner) => partner.id === id)!;

describe('the version of a page the app opens itself (the claim-offer page after signup)', () => {
  const showcase = byId('showcase');
  const variantFile = '/partner-data/showcase/claimOffer.whats-included.json';
  const variantPartner = { ...showcase, name: 'Showcase, variant' };

  /** The server's answers, the session's memory and the files, recorded. */
  function setup(options: { answer?: string | Error; remembered?: string; inApp?: boolean } = {}) {
    const asked: string[] = [];
    const remembered: string[] = [];
    const fetched: string[] = [];
    const load: FetchJson = async (path) => {
      fetched.push(path);
      return path === variantFile ? variantPartner : undefined;
    };
    const versions: Omit<VersionSource, 'load'> = {
      async ask(partnerId, pageKey) {
        asked.push(`${partnerId}/${pageKey}`);
        if (options.answer instanceof Error) throw options.answer;
        return options.answer ?? 'control';
      },
      remembered: () => options.remembered,
      remember: (version) => remembered.push(`${version.page}:${version.id}`),
    };
    const embedded = {
      partner: showcase,
      host: '',
      ...(options.inApp === false ? {} : { experiments: ['claimOffer'] }),
    };
    return {
      versionOf: inAppVersions(browserCatalog(embedded).arrival, { ...versions, load }),
      asked,
      remembered,
      fetched,
    };
  }

  it("asks the server when the page opens, loads the variant's file, and remembers the version", async () => {
    const { versionOf, asked, remembered, fetched } = setup({ answer: 'whats-included' });
    const found = versionOf(showcase, 'claimOffer', true);
    expect(found).toBeInstanceOf(Promise);
    expect(await found).toBe(variantPartner);
    // The same answer for the steps after it, without asking again: the same promise (React's
    // use() wants it on every render), marked as settled so that use() reads it at once.
    expect(versionOf(showcase, 'claimOffer', false)).toBe(found);
    expect(found).toMatchObject({ status: 'fulfilled', value: variantPartner });
    expect(asked).toEqual(['showcase/claimOffer']);
    expect(remembered).toEqual(['claimOffer:whats-included']);
    expect(fetched).toEqual([variantFile]);
  });

  it('keeps the page as written for the control, and when the server does not answer', async () => {
    const control = setup({ answer: 'control' });
    expect(await control.versionOf(showcase, 'claimOffer', true)).toBe(showcase);
    expect(control.fetched).toEqual([]);
    const down = setup({ answer: new Error('offline') });
    expect(await down.versionOf(showcase, 'claimOffer', true)).toBe(showcase);
    expect(down.remembered).toEqual([]);
  });

  it('does not put a visitor in a version on a later step, nor for a page without a test', () => {
    const later = setup({ answer: 'whats-included' });
    expect(later.versionOf(showcase, 'claimOffer', false)).toBeUndefined();
    const plain = setup({ answer: 'whats-included', inApp: false });
    expect(plain.versionOf(showcase, 'claimOffer', true)).toBeUndefined();
    expect([...later.asked, ...plain.asked]).toEqual([]);
  });

  it("keeps the session's version on a step loaded again (the return from the payment page)", async () => {
    const { versionOf, asked } = setup({ remembered: 'whats-included', inApp: false });
    expect(await versionOf(showcase, 'claimOffer', false)).toBe(variantPartner);
    expect(asked).toEqual([]);
  });

  it('needs nothing for a page that came from the server as its version', () => {
    const versions: VersionSource = {
      ask: () => Promise.reject(new Error('not asked')),
      remembered: () => undefined,
      remember: () => undefined,
      load: () => Promise.reject(new Error('not loaded')),
    };
    const versionOf = inAppVersions(
      {
        partner: showcase,
        version: { page: 'claimOffer', id: 'whats-included' },
        experiments: ['claimOffer'],
      },
      versions,
    );
    expect(versionOf(showcase, 'claimOffer', true)).toBeUndefined();
  });
});
