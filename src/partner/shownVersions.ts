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
