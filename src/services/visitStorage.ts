/**
 * What the journey keeps in session storage between signup and the home profile (spec §3).
 * Session storage can be unavailable (private modes, blocked storage); the journey then goes on
 * without the pre-filled answer rather than failing.
 */
const describeHomeKey = 'homesafe.describeHome';
const zipCodeKey = 'homesafe.zipCode';
const reportedOrdersKey = 'homesafe.reportedOrders';

export interface VisitStorage {
  saveDescribeHome(value: string): void;
  readDescribeHome(): string | undefined;
  clearDescribeHome(): void;
  /** The signup zip code, which pre-fills the home profile's postal code (issue 15: typed once). */
  saveZipCode(value: string): void;
  readZipCode(): string | undefined;
  clearZipCode(): void;
  /**
   * Remembers that an order's purchase was reported; false when it already was (a reload or a
   * revisit of the return page must not count one purchase twice).
   */
  markPurchaseReported(orderId: string): boolean;
}

export function sessionVisitStorage(
  storage: () => Storage = () => window.sessionStorage,
): VisitStorage {
  const attempt = <T>(run: (store: Storage) => T): T | undefined => {
    try {
      return run(storage());
    } catch {
      return undefined;
    }
  };
  return {
    saveDescribeHome: (value) => attempt((store) => store.setItem(describeHomeKey, value)),
    readDescribeHome: () => attempt((store) => store.getItem(describeHomeKey)) ?? undefined,
    clearDescribeHome: () => attempt((store) => store.removeItem(describeHomeKey)),
    saveZipCode: (value) => attempt((store) => store.setItem(zipCodeKey, value)),
    readZipCode: () => attempt((store) => store.getItem(zipCodeKey)) ?? undefined,
    clearZipCode: () => attempt((store) => store.removeItem(zipCodeKey)),
    markPurchaseReported: (orderId) =>
      attempt((store) => {
        const reported = (store.getItem(reportedOrdersKey) ?? '').split(' ').filter(Boolean);
        if (reported.includes(orderId)) return false;
        store.setItem(reportedOrdersKey, [...reported.slice(-19), orderId].join(' '));
        return true;
      }) ?? true,
  };
}
