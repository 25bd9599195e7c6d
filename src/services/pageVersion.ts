import type { VersionSource } from '../partner/inAppVersions.ts';
import { pageVersions, rememberPageVersion, versionsByPage } from '../partner/shownVersions.ts';
import type { PageVersionResponse } from './generated/api.ts';

/** Past this, the claim-offer page opens as written rather than keep the visitor waiting. */
export const PAGE_VERSION_TIMEOUT_MS = 3000;

/**
 * The browser's versions of pages it opens itself: the server picks (GET /api/page-version, which
 * counts the visitor in the test as a page load would), the session remembers.
 */
export const serverVersions: VersionSource = {
  async ask(partnerId, pageKey) {
    const query = new URLSearchParams({ partner: partnerId, page: pageKey });
    const response = await fetch(`/api/page-version?${query}`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(PAGE_VERSION_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`/api/page-version answered ${response.status}`);
    const body = (await response.json()) as PageVersionResponse;
    return body.version;
  },
  // Read here, with the claim-offer step: the landing page never needs it.
  remembered: (pageKey) => versionsByPage(pageVersions())[pageKey],
  remember: (version) => rememberPageVersion(version),
  async load(path) {
    const response = await fetch(path, { headers: { accept: 'application/json' } });
    return response.ok ? response.json() : undefined;
  },
};
