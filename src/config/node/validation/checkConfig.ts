import type { ErrorObject } from 'ajv';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import partnerSchema from '../../../../schemas/partner.schema.json' with { type: 'json' };
import siteSchema from '../../../../schemas/site.schema.json' with { type: 'json' };
import type { PartnerConfig } from '../../generated/partner.ts';
import type { SiteConfig } from '../../generated/site.ts';
import { currentSchemaVersion, migratePartner } from '../../migrations/index.ts';
import { defaultPartnerId } from '../../constants.ts';
import { blockAnnotationKeywords } from '../../blockAnnotations.ts';
import { describeSchemaError } from './describeSchemaError.ts';
import { experimentProblems, overrideProblems } from './experimentRules.ts';
import { leftoverFindings } from './leftoverRules.ts';
import { partnerRules } from './partnerRules.ts';
import { translationProblems } from './translationRules.ts';
import { blockPlace } from './blockPlace.ts';
import type { Problem } from './problem.ts';

export type { Problem };

/**
 * Checks the partner files and the site file: first against their JSON Schemas, then against the
 * rules a schema cannot express (file name equals id, hosts unique across partners, assets exist,
 * readable colours...). Pure: the caller supplies file texts and an asset lookup, so the same check
 * runs in the Vite plugin, the `partners:check` command and the tests.
 */
export interface ConfigFile {
  /** Path shown to people, relative to the project root, such as "partners/acme.json". */
  path: string;
  text: string;
}

export interface CheckInput {
  partnerFiles: readonly ConfigFile[];
  siteFile: ConfigFile;
  /** Whether a public asset such as "/partners/acme/logo.svg" exists. */
  assetExists: (publicPath: string) => boolean;
}

export interface CheckResult {
  partners: PartnerConfig[];
  site: SiteConfig | undefined;
  problems: Problem[];
  /** Things that work but should be fixed, such as a file in an older format (upgraded in memory). */
  warnings: Problem[];
}

/** The section types the assembled schema knows, in its order. */
export const blockTypes: readonly string[] = partnerSchema.$defs.block.oneOf.map((branch) =>
  branch.$ref.replace('#/$defs/', '').replace(/Block$/, ''),
);

export { defaultPartnerId };

let validators: { partner: ValidateFunction; site: ValidateFunction } | undefined;

/** The schema checker as the partner check runs it (a test compiles a fixture's schema with it). */
export function schemaChecker(): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    verbose: true,
    discriminator: true,
    strict: true,
    strictTypes: false,
    strictRequired: false,
  });
  // Annotations for people, the form renderer and the blocks' own rules, not validation keywords.
  ajv.addKeyword('x-hint');
  // What one entry of a list is called ("question"), for the studio's sentences.
  ajv.addKeyword('x-itemName');
  for (const keyword of blockAnnotationKeywords) ajv.addKeyword(keyword);
  ajv.addKeyword('x-enumLabels');
  return ajv;
}

function compileValidators() {
  const ajv = schemaChecker();
  validators ??= { partner: ajv.compile(partnerSchema), site: ajv.compile(siteSchema) };
  return validators;
}

function lineAndColumn(text: string, message: string): string {
  const position = /position (\d+)/.exec(message);
  if (!position) return '';
  const before = text.slice(0, Number(position[1]));
  const line = before.split('\n').length;
  const column = before.length - before.lastIndexOf('\n');
  return ` near line ${line}, column ${column}`;
}

function parse(file: ConfigFile, problems: Problem[]): unknown {
  try {
    return JSON.parse(file.text) as unknown;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    problems.push({
      file: file.path,
      pointer: '/',
      message: `this file is not valid JSON${lineAndColumn(file.text, reason)}; look for a missing comma, quote or bracket`,
    });
    return undefined;
  }
}

/**
 * A setting that may take one of several shapes (a block's button action) says so in one sentence
 * from its x-hint, instead of listing what each shape it did not match was missing. Errors deeper
 * inside the value ("cannot be empty") are kept: they say what to fix.
 */
function withoutShapeAlternatives(errors: readonly ErrorObject[]): ErrorObject[] {
  const choices = errors.filter(
    (error) =>
      error.keyword === 'oneOf' &&
      typeof (error.parentSchema as { 'x-hint'?: unknown } | undefined)?.['x-hint'] === 'string',
  );
  return errors.filter(
    (error) =>
      !choices.some(
        (choice) =>
          error !== choice &&
          error.instancePath === choice.instancePath &&
          error.schemaPath.startsWith(`${choice.schemaPath}/`),
      ),
  );
}

function schemaProblems(file: string, validate: ValidateFunction, data: unknown): Problem[] {
  if (validate(data)) return [];
  const seen = new Set<string>();
  const problems: Problem[] = [];
  for (const error of withoutShapeAlternatives(validate.errors ?? [])) {
    const { pointer, message, missing } = describeSchemaError(error, blockTypes);
    // A discriminator also reports the branch it could not pick; one sentence per place is enough.
    if (seen.has(pointer)) continue;
    seen.add(pointer);
    problems.push(
      missing === undefined ? { file, pointer, message } : { file, pointer, message, missing },
    );
  }
  return problems;
}

export function checkConfig({ partnerFiles, siteFile, assetExists }: CheckInput): CheckResult {
  const { partner: validatePartner, site: validateSite } = compileValidators();
  const problems: Problem[] = [];

  const siteData = parse(siteFile, problems);
  const siteProblems =
    siteData === undefined ? [] : schemaProblems(siteFile.path, validateSite, siteData);
  problems.push(...siteProblems);
  const site =
    siteData !== undefined && siteProblems.length === 0 ? (siteData as SiteConfig) : undefined;
  if (site?.faviconSrc && !assetExists(site.faviconSrc)) {
    problems.push({
      file: siteFile.path,
      pointer: '/faviconSrc',
      message: `the file public${site.faviconSrc} does not exist; add it or correct the path`,
    });
  }

  const partners: { file: string; config: PartnerConfig }[] = [];
  const warnings: Problem[] = [];
  /** Each partner file as read (upgraded), to name the block a problem is in. */
  const dataOf = new Map<string, unknown>();
  for (const file of partnerFiles) {
    const parsed = parse(file, problems);
    if (parsed === undefined) continue;
    const { data, fromVersion, applied } = migratePartner(parsed);
    dataOf.set(file.path, data);
    if (applied.length > 0) {
      warnings.push({
        file: file.path,
        pointer: '/schemaVersion',
        message: `this file is in format version ${fromVersion} and was upgraded to version ${currentSchemaVersion} in memory (${applied.map((step) => step.summary).join('; ')}); run \`npm run partners:migrate\` to upgrade the file itself`,
      });
    }
    const found = schemaProblems(file.path, validatePartner, data);
    if (found.length > 0) {
      problems.push(...found);
      continue;
    }
    const config = data as PartnerConfig;
    const structure = experimentProblems(file.path, config);
    const overrides = overrideProblems(file.path, config, (partner) =>
      schemaProblems(file.path, validatePartner, partner),
    );
    if (structure.length > 0 || overrides.length > 0) {
      problems.push(...structure, ...overrides);
      continue;
    }
    // A listed language with a missing text stops the build like any other problem; a variant's
    // text shown as the page's own translation is a warning.
    const translated = translationProblems(file.path, config);
    problems.push(...translated.problems);
    warnings.push(...translated.warnings);
    partners.push({ file: file.path, config });
  }

  problems.push(...partnerRules(partners, { assetExists }));
  const leftovers = leftoverFindings(partners);
  problems.push(...leftovers.problems);
  warnings.push(...leftovers.warnings);

  if (!partnerFiles.some((file) => file.path.endsWith(`/${defaultPartnerId}.json`))) {
    problems.push({
      file: `partners/${defaultPartnerId}.json`,
      pointer: '/',
      message: 'this file is missing; every unknown partner address falls back to it',
    });
  }

  const placed = (found: Problem): Problem => {
    const where = blockPlace(dataOf.get(found.file), found.pointer);
    return where === undefined ? found : { ...found, where };
  };
  return {
    partners: partners.map((p) => p.config),
    site,
    problems: problems.map(placed),
    warnings: warnings.map(placed),
  };
}

export function formatProblems(problems: readonly Problem[]): string {
  return problems
    .map((p) => `${p.file} ${p.pointer}${p.where ? ` (${p.where})` : ''}: ${p.message}`)
    .join('\n');
}
