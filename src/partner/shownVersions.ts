import type { partnerDataScriptId } from './browserCatalog.ts';

/**
 * The versions of pages (src/config/experiments.ts) this visitor was shown in this session,
 * "landing:fewer-falls,springOffer:control", kept in session storage so that the events of later
 * pages (the purchase, the profile) carry the version that led to them, and so that a step of the
 * claim-offer page loaded again (the return from the payment page) shows the same version. Storage
 * may be unavailable: the events then go without it.
 */
const pageVersionsKey = 'homesafe.pageVersions';

/** "landing:fewer-falls,claimOffer:control" as { landing: 'fewer-falls', claimOffer: 'control' }. */
export function versionsByPage(text: string): Record<string, string> {
  return Object.fromEntries(
    text
      .split(',')
      .filter(Boolean)
      .map((entry) => entry.split(':') as [string, string]),
  );
}

export function rememberPageVersion(
  version: { page: string; id: string },
  storage: () => Storage = () => window.sessionStorage,
): void {
  try {
    const store = storage();
    const versions = versionsByPage(store.getItem(pageVersionsKey) ?? '');
    versions[version.page] = version.id;
    store.setItem(
      pageVersionsKey,
      Object.entries(versions)
        .map(([page, id]) => `${page}:${id}`)
        .join(','),
    );
  } catch {
    // No storage: nothing to remember.
  }
}

export function pageVersions(storage: () => Storage = () => window.sessionStorage): string {
  try {
    return storage().getItem(pageVersionsKey) ?? '';
  } catch {
    return '';
  }
}

/**
 * Remembers the version the prerendered page says it is (its embedded data), from the page's
 * first script rather than the app's start: the app starts only when the visitor acts
 * (src/app/whenAppNeeded.ts), and a visitor whose first act is following a link leaves before
 * it; the next pages' events still name the version that led to them.
 */
export function rememberThisPageVersion(
  doc: Pick<Document, 'getElementById'> = document,
  storage: () => Storage = () => window.sessionStorage,
): void {
  const version = pageVersionIn(doc);
  if (version) rememberPageVersion(version, storage);
}

/**
 * The version of its page the prerendered page says it is (its embedded data), when the page runs
 * an A/B test: the one reading of it, for the entry above and the page view's record
 * (src/services/attribution/visit.ts).
 */
export function pageVersionIn(
  doc: Pick<Document, 'getElementById'>,
): { page: string; id: string } | undefined {
  const text = doc.getElementById(partnerDataId)?.textContent;
  if (!text) return undefined;
  try {
    const { version } = JSON.parse(text) as { version?: unknown };
    return isVersion(version) ? version : undefined;
  } catch {
    return undefined;
  }
}

/** The prerendered page's embedded data (typed by the catalog's constant; not imported, for bytes). */
const partnerDataId: typeof partnerDataScriptId = 'partner-data';

function isVersion(value: unknown): value is { page: string; id: string } {
  if (typeof value !== 'object' || value === null) return false;
  const { page, id } = value as Record<string, unknown>;
  return typeof page === 'string' && typeof id === 'string';
}
