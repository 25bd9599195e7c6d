import { describe, expect, it } from 'vitest';
import {
  dataLayerAnalytics,
  pageVersions,
  rememberPageVersion,
  type TagWindow,
} from './analytics.ts';

describe('analytics events in the dataLayer', () => {
  it('pushes { event } objects, the form GTM custom-event triggers read, and loads nothing', () => {
    const win: TagWindow = {};
    dataLayerAnalytics(
      () => win,
      () => '',
    ).track('account_signup', { client_id: 'demo' });
    expect(win.dataLayer).toEqual([{ event: 'account_signup', client_id: 'demo' }]);
    // gtag.js and the pixel get the events from the measuring chunk, once they are allowed
    // (src/services/measurement/measurement.test.ts).
    expect(win.gtag).toBeUndefined();
  });
});

describe('the page versions an event carries (issue 21)', () => {
  /** A Storage of the session's own (node has none). */
  function memoryStorage(): Storage {
    const items = new Map<string, string>();
    return {
      get length() {
        return items.size;
      },
      clear: () => items.clear(),
      getItem: (key) => items.get(key) ?? null,
      key: (index) => [...items.keys()][index] ?? null,
      removeItem: (key) => void items.delete(key),
      setItem: (key, value) => void items.set(key, value),
    };
  }

  it('remembers the version of each page shown this session and adds them to every event', () => {
    const store = memoryStorage();
    const storage = () => store;
    rememberPageVersion({ page: 'landing', id: 'fewer-falls' }, storage);
    rememberPageVersion({ page: 'springOffer', id: 'control' }, storage);
    rememberPageVersion({ page: 'landing', id: 'fewer-falls' }, storage);
    expect(pageVersions(storage)).toBe('landing:fewer-falls,springOffer:control');
    const win: TagWindow = {};
    dataLayerAnalytics(
      () => win,
      () => pageVersions(storage),
    ).track('account_signup', { client_id: 'showcase' });
    expect(win.dataLayer?.[0]).toEqual({
      event: 'account_signup',
      client_id: 'showcase',
      page_versions: 'landing:fewer-falls,springOffer:control',
    });
  });

  it('sends events without versions where no page had an experiment, or storage is blocked', () => {
    const blocked = () => {
      throw new Error('SecurityError');
    };
    expect(() => rememberPageVersion({ page: 'landing', id: 'b' }, blocked)).not.toThrow();
    expect(pageVersions(blocked)).toBe('');
    const win: TagWindow = {};
    dataLayerAnalytics(
      () => win,
      () => '',
    ).track('report_create', { client_id: 'demo' });
    expect(win.dataLayer).toEqual([{ event: 'report_create', client_id: 'demo' }]);
  });
});
