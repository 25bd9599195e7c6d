import type { Migration } from './migration.ts';
import { v1ToV2 } from './v1ToV2.ts';

export type { Migration };

/**
 * Partner files move forward through an ordered list of small migrations, each from one format
 * version to the next (a file without "schemaVersion" is version 1). The loader applies them in
 * memory with a warning; `npm run partners:migrate` writes the result back to the files. Pure
 * data in, data out: no file system, so the same code runs in Node and in the browser.
 */
export const migrations: readonly Migration[] = [v1ToV2];

export const currentSchemaVersion = 2;

export interface MigrationResult {
  data: unknown;
  /** The file's version before migrating (1 when it names none). */
  fromVersion: number;
  applied: readonly Migration[];
}

export function schemaVersionOf(data: unknown): number {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return currentSchemaVersion;
  const version = (data as Record<string, unknown>).schemaVersion;
  return version === undefined ? 1 : typeof version === 'number' ? version : currentSchemaVersion;
}

/**
 * Brings a parsed partner file to the current version. Anything that is not an object, or names a
 * version this code does not know, is returned as it is: the schema check then explains it.
 */
export function migratePartner(data: unknown): MigrationResult {
  const fromVersion = schemaVersionOf(data);
  const applied: Migration[] = [];
  let current = data;
  let version = fromVersion;
  for (const step of migrations) {
    if (step.from !== version) continue;
    current = step.migrate(current as Record<string, unknown>);
    applied.push(step);
    version = step.to;
  }
  return { data: current, fromVersion, applied };
}
