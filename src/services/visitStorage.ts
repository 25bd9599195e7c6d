/**
 * What the journey keeps in session storage between signup and the home profile (spec §3).
 * Session storage can be unavailable (private modes, blocked storage); the journey then goes on
 * without the pre-filled answer rather than failing.
 */
const describeHomeKey = 'homesafe.describeHome';

export interface VisitStorage {
  saveDescribeHome(value: string): void;
  readDescribeHome(): string | undefined;
  clearDescribeHome(): void;
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
  };
}
