import { describe, expect, it } from 'vitest';
import {
  googleTagAnalytics,
  googleTagIds,
  loadGoogleTags,
  pageVersions,
  rememberPageVersion,
  type TagDocument,
  type TagWindow,
} from '../../../src/services/analytics.ts';

/** What gtag.js treats as a command: an Arguments object (not an array with the same items). */
function isArgumentsObject(value: unknown): boolean {
  return Object.prototype.toString.call(value) === '[object Arguments]';
}

function fakeDocument() {
  const scripts: { async: boolean; src: string }[] = [];
  const doc: TagDocument = {
    createElement: () => ({ async: false, src: '' }),
    head: { appendChild: (node: never) => void scripts.push(node) },
  };
  return { doc, scripts };
}

describe('analytics for Google Tag Manager and Google Analytics 4', () => {
  it('pushes { event } objects, the form GTM custom-event triggers read', () => {
    const win: TagWindow = {};
    googleTagAnalytics({ gtmContainerId: 'GTM-ABC1234' }, () => win).track('account_signup', {
      client_id: 'demo',
    });
    expect(win.dataLayer).toEqual([{ event: 'account_signup', client_id: 'demo' }]);
    expect(win.gtag).toBeUndefined();
  });

  it("with a measurement id, also calls gtag('event', ...), whose arguments object gtag.js reads", () => {
    const win: TagWindow = {};
    googleTagAnalytics({ gaMeasurementId: 'G-ABCDE12345' }, () => win).track('report_purchase', {
      client_id: 'lowes',
    });
    const [gtmForm, command] = win.dataLayer ?? [];
    expect(gtmForm).toEqual({ event: 'report_purchase', client_id: 'lowes' });
    expect(isArgumentsObject(command)).toBe(true);
    expect(Array.from(command as ArrayLike<unknown>)).toEqual([
      'event',
      'report_purchase',
      { client_id: 'lowes' },
    ]);
    // The old form, a plain array, is exactly what gtag.js ignores.
    expect(Array.isArray(command)).toBe(false);
  });

  it('loads nothing without an id', () => {
    const win: TagWindow = {};
    const { doc, scripts } = fakeDocument();
    loadGoogleTags({}, win, doc);
    expect(scripts).toEqual([]);
    expect(win.dataLayer).toBeUndefined();
  });

  it("loads GTM's container and gtag.js the way Google's snippets do", () => {
    const win: TagWindow = {};
    const { doc, scripts } = fakeDocument();
    loadGoogleTags(
      { gtmContainerId: 'GTM-ABC1234', gaMeasurementId: 'G-ABCDE12345' },
      win,
      doc,
      () => 1_700_000_000_000,
    );
    expect(scripts).toEqual([
      { async: true, src: 'https://www.googletagmanager.com/gtm.js?id=GTM-ABC1234' },
      { async: true, src: 'https://www.googletagmanager.com/gtag/js?id=G-ABCDE12345' },
    ]);
    const [start, js, config] = win.dataLayer ?? [];
    expect(start).toEqual({ 'gtm.start': 1_700_000_000_000, event: 'gtm.js' });
    expect(isArgumentsObject(js) && isArgumentsObject(config)).toBe(true);
    expect(Array.from(js as ArrayLike<unknown>)).toEqual(['js', new Date(1_700_000_000_000)]);
    expect(Array.from(config as ArrayLike<unknown>)).toEqual(['config', 'G-ABCDE12345']);
  });

  it('takes ids from the build environment only when they look like ids', () => {
    expect(googleTagIds({})).toEqual({});
    expect(
      googleTagIds({ VITE_GTM_CONTAINER_ID: ' GTM-ABC1234 ', VITE_GA_MEASUREMENT_ID: 'G-XYZ9876' }),
    ).toEqual({ gtmContainerId: 'GTM-ABC1234', gaMeasurementId: 'G-XYZ9876' });
    expect(
      googleTagIds({
        VITE_GTM_CONTAINER_ID: 'GTM-1"><script>',
        VITE_GA_MEASUREMENT_ID: 'UA-1234-1',
      }),
    ).toEqual({});
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
    googleTagAnalytics(
      { gaMeasurementId: 'G-ABCDE12345' },
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
    googleTagAnalytics(
      {},
      () => win,
      () => '',
    ).track('report_create', { client_id: 'demo' });
    expect(win.dataLayer).toEqual([{ event: 'report_create', client_id: 'demo' }]);
  });
});
