import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { SETTINGS } from '../../server/config.ts';

/**
 * The server settings table of docs/deploying.md, generated from the settings' one declaration
 * (server/config.ts). `npm run docs:settings` rewrites it between the two markers; a test fails
 * when the file's table is not the one this makes.
 */
export const docsFile = fileURLToPath(new URL('../../docs/deploying.md', import.meta.url));
const begin = '<!-- settings table: generated from server/config.ts by npm run docs:settings -->';
const end = '<!-- end of settings table -->';

const cell = (value: string) => value.replace(/\|/g, '\\|');
const quoted = (value: string) =>
  /^(unset|development:|Stripe's)/.test(value) || value.includes('`') ? value : `\`${value}\``;

export async function settingsTable(): Promise<string> {
  const rows = SETTINGS.map(
    (setting) =>
      `| \`${setting.name}\` | ${cell(setting.production)} | ${cell(quoted(setting.defaultText))} | ${cell(setting.description)} |`,
  );
  const table = [
    '| Variable | Production | Default | What it does |',
    '| --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
  return (await prettier.format(table, { parser: 'markdown', proseWrap: 'preserve' })).trim();
}

/** The docs file's text with the generated table in place of the old one. */
export async function withCurrentTable(text: string): Promise<string> {
  const from = text.indexOf(begin);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${docsFile} lacks the settings table markers`);
  return `${text.slice(0, from + begin.length)}\n\n${await settingsTable()}\n\n${text.slice(to)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = readFileSync(docsFile, 'utf8');
  const next = await withCurrentTable(text);
  if (next !== text) writeFileSync(docsFile, next);
  console.log(
    next === text
      ? 'docs/deploying.md: the settings table is current.'
      : 'docs/deploying.md: settings table rewritten.',
  );
}
