import { describe, expect, it } from 'vitest';
import { partnerDataScriptId } from './browserCatalog.ts';
import { pageVersions, rememberPageVersion, rememberThisPageVersion } from './shownVersions.ts';

/** Session storage of its own. */
function memoryStorage(): () => Storage {
  const items = new Map<string, string>();
  const storage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  } as Storage;
  return () => storage;
}

/** A document whose embedded partner data (#partner-data, the catalog's id) holds `text`. */
const pageWith = (text: string | undefined) => ({
  getElementById: (id: string) =>
    id === partnerDataScriptId && text !== undefined
      ? ({ textContent: text } as HTMLElement)
      : null,
});

describe('rememberThisPageVersion (the entry remembers the version the page says it is)', () => {
  it('remembers an embedded partner’s version beside the session’s others', () => {
    const storage = memoryStorage();
    rememberPageVersion({ page: 'claimOffer', id: 'control' }, storage);
    const data = { partner: { id: 'showcase' }, version: { page: 'landing', id: 'fewer-falls' } };
    rememberThisPageVersion(pageWith(JSON.stringify(data)), storage);
    expect(pageVersions(storage)).toBe('claimOffer:control,landing:fewer-falls');
  });

  it('remembers a long page’s version (it names its partner’s file)', () => {
    const storage = memoryStorage();
    const data = {
      href: '/partner-data/showcase.json',
      version: { page: 'landing', id: 'control' },
    };
    rememberThisPageVersion(pageWith(JSON.stringify(data)), storage);
    expect(pageVersions(storage)).toBe('landing:control');
  });

  it.each([
    ['no embedded data', undefined],
    ['no version', '{"href":"/partner-data/demo.json"}'],
    ['a version without its id', '{"version":{"page":"landing"}}'],
    ['data that is not JSON', '{"version":'],
  ])('remembers nothing for %s', (_, text) => {
    const storage = memoryStorage();
    rememberThisPageVersion(pageWith(text), storage);
    expect(pageVersions(storage)).toBe('');
  });
});
