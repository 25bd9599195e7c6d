/**
 * The versions of pages (src/config/experiments.ts) this visitor was shown in this session,
 * "landing:fewer-falls,springOffer:control", kept in session storage so that the events of later
 * pages (the purchase, the profile) carry the version that led to them, and so that a step of the
 * claim-offer page loaded again (the return from the payment page) shows the same version. Storage
 * may be unavailable: the events then go without it.
 */
const pageVersionsKey = 'homesafe.pageVersions';

function known(store: Storage): Record<string, string> {
  return Object.fromEntries(
    (store.getItem(pageVersionsKey) ?? '')
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
    const versions = known(store);
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

/** The version of `page` shown earlier in this session, if any. */
export function rememberedVersion(
  page: string,
  storage: () => Storage = () => window.sessionStorage,
): string | undefined {
  try {
    return known(storage())[page];
  } catch {
    return undefined;
  }
}

export function pageVersions(storage: () => Storage = () => window.sessionStorage): string {
  try {
    return storage().getItem(pageVersionsKey) ?? '';
  } catch {
    return '';
  }
}
