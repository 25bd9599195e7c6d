import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PartnerConfig } from '../../src/config/generated/partner.ts';
import {
  checkConfig,
  formatProblems,
  type ConfigFile,
} from '../../src/config/node/validation/checkConfig.ts';
import type { Problem } from '../../src/config/node/validation/problem.ts';

/**
 * partners:check on the real partner files plus one made-up file, as the checker's unit tests use
 * it: each problem comes back as the line the command prints (file, JSON pointer, sentence),
 * without the words naming the block it is in (its place, id and type: blockPlace.test.ts), so
 * the tests of what a problem says do not break when a block is added to the demo.
 */
const root = join(import.meta.dirname, '../..');

export const readProjectFile = (path: string): ConfigFile => ({
  path,
  text: readFileSync(join(root, path), 'utf8'),
});
/** The real partner files but showcase's (which the first tests check as well). */
export const realFiles = ['default', 'demo', 'cor-freedom', 'lowes'].map((id) =>
  readProjectFile(`partners/${id}.json`),
);
export const siteFile = readProjectFile('config/site.json');
export const assetExists = (path: string) => existsSync(join(root, 'public', path));

/**
 * The test partner "acme": the demo as it was when these tests were written, frozen in
 * tests/fixtures/partners/acme.json, so that a block added to the shipped demo (or a text
 * changed) moves none of the positions and words the checker's tests name.
 */
export function acmePartner(): PartnerConfig {
  return JSON.parse(readProjectFile('tests/fixtures/partners/acme.json').text) as PartnerConfig;
}

/** Checks the real partners plus one extra file, and returns the problem lines. */
export function checkWith(
  extra: ConfigFile | PartnerConfig,
  path = 'partners/acme.json',
): string[] {
  const file = 'text' in extra ? extra : { path, text: JSON.stringify(extra, null, 2) };
  const { problems } = checkConfig({ partnerFiles: [...realFiles, file], siteFile, assetExists });
  return lines(problems);
}

const lines = (problems: readonly Problem[]) =>
  formatProblems(problems.map(({ where: _where, ...problem }) => problem))
    .split('\n')
    .filter(Boolean);

/** Like checkWith, with the warnings too (each as the line the command prints). */
export function checkAllWith(extra: PartnerConfig, path = 'partners/acme.json') {
  const file = { path, text: JSON.stringify(extra, null, 2) };
  const { problems, warnings } = checkConfig({
    partnerFiles: [...realFiles, file],
    siteFile,
    assetExists,
  });
  return { problems: lines(problems), warnings: lines(warnings) };
}
