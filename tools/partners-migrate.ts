/**
 * `npm run partners:migrate`: brings every partners/*.json file to the current format version
 * (src/config/migrations), formatted the way the repository formats JSON (prettier). Idempotent:
 * a file already at the current version is left byte for byte as it is. Files that are not valid
 * JSON are reported and left alone.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import { migratePartner } from '../src/config/migrations/index.ts';

export async function migratePartnerFiles(
  root: string,
): Promise<{ file: string; summary: string }[]> {
  const dir = join(root, 'partners');
  const changed: { file: string; summary: string }[] = [];
  for (const name of readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()) {
    const path = join(dir, name);
    let data: unknown;
    try {
      data = JSON.parse(readFileSync(path, 'utf8'));
    } catch {
      console.error(
        `partners/${name}: not valid JSON, left as it is (npm run partners:check explains)`,
      );
      continue;
    }
    const { data: migrated, fromVersion, applied } = migratePartner(data);
    if (applied.length === 0) continue;
    const options = (await prettier.resolveConfig(path)) ?? {};
    writeFileSync(
      path,
      await prettier.format(JSON.stringify(migrated), { ...options, parser: 'json' }),
    );
    changed.push({
      file: `partners/${name}`,
      summary: `version ${fromVersion} -> ${applied.at(-1)?.to}: ${applied.map((step) => step.summary).join('; ')}`,
    });
  }
  return changed;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rootFlag = process.argv.indexOf('--root');
  const root =
    (rootFlag > 0 && process.argv[rootFlag + 1]) || fileURLToPath(new URL('..', import.meta.url));
  const changed = await migratePartnerFiles(root);
  for (const { file, summary } of changed) console.log(`${file}: ${summary}`);
  console.log(
    changed.length === 0
      ? 'partners:migrate: every file is current.'
      : `partners:migrate: upgraded ${changed.length} file(s).`,
  );
}
