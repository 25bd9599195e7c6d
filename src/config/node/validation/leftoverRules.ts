import type { PartnerConfig } from '../../generated/partner.ts';
import { defaultPartnerId } from '../../constants.ts';
import { placeholderText } from '../../placeholders.ts';
import type { Problem } from './problem.ts';
import { problemsOfEveryVersion } from './versionProblems.ts';

/**
 * What a partner keeps by mistake when it starts as a copy of another (issue 31): the other
 * partner's name in its texts, the other partner's pictures, and the studio's placeholders for a
 * new block's texts. Each works on the page, which is why a person misses it; each would speak for
 * someone else to the partner's visitors. Warnings, but for the consent line: a visitor who
 * consents to the wrong company receiving their report is a legal problem, so that is an error.
 */
interface LoadedPartner {
  file: string;
  config: PartnerConfig;
}

export interface LeftoverFindings {
  problems: Problem[];
  warnings: Problem[];
}

const consentPointer = '/form/consentText';

/** Settings that are not words a visitor reads. */
const notText = new Set(['$schema', 'id', 'hosts', 'type', 'schemaVersion']);

const pointerToken = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** Every string of the partner a visitor may read, with its pointer and its setting's name. */
function texts(
  value: unknown,
  pointer = '',
  name = '',
): { pointer: string; name: string; text: string }[] {
  if (typeof value === 'string') return [{ pointer, name, text: value }];
  if (Array.isArray(value))
    return value.flatMap((item, index) =>
      texts(item, `${pointer}/${index}`, `${name}-${index + 1}`),
    );
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) =>
      notText.has(key) ? [] : texts(item, `${pointer}/${pointerToken(key)}`, key),
    );
  }
  return [];
}

/** The words of an HTML setting as read: tags dropped, the usual entities and quotes plain. */
function readable(text: string): string {
  return text
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#39|apos|rsquo|#8217);/g, "'")
    .replace(/&(quot|#34);/g, '"')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/\s+/g, ' ');
}

function namePattern(name: string): RegExp {
  const escaped = readable(name)
    .trim()
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // Whole words only: "Care" is not found in "Careful".
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'iu');
}

interface OtherPartner {
  id: string;
  file: string;
  name: string;
  pattern: RegExp;
}

function findingsOf(
  file: string,
  config: PartnerConfig,
  others: readonly OtherPartner[],
): { errors: Problem[]; warnings: Problem[] } {
  const errors: Problem[] = [];
  const warnings: Problem[] = [];
  const ownName = readable(config.name).trim().toLowerCase();
  for (const { pointer, name, text } of texts(config)) {
    if (pointer === '/name') continue;
    const picture = /^\/partners\/([^/]+)\//.exec(text)?.[1];
    // public/partners/default/ holds the product's own unbranded pictures, free for any partner.
    if (picture !== undefined && picture !== config.id && picture !== defaultPartnerId) {
      warnings.push({
        file,
        pointer,
        message: `this picture belongs to the partner ${picture}, not this one; upload this partner's own in its place (the studio's Pictures tab), so the page does not show another partner's picture or lose it when that partner changes`,
      });
      continue;
    }
    if (name !== '' && text.trim() === placeholderText(name)) {
      warnings.push({
        file,
        pointer,
        message: `this still reads "${text.trim()}", the text a new block starts with; write what visitors should read here`,
      });
      continue;
    }
    const words = readable(text);
    const named = others.find(
      (other) => other.name.toLowerCase() !== ownName && other.pattern.test(words),
    );
    if (!named) continue;
    if (pointer === consentPointer) {
      errors.push({
        file,
        pointer,
        message: `the consent line names "${named.name}", another partner (${named.file}): visitors would agree to that company receiving their report; name ${config.name} instead, or remove the line to use the standard sentence with this partner's name`,
      });
    } else {
      warnings.push({
        file,
        pointer,
        message: `this text names "${named.name}", another partner (${named.file}); if it was left from a copy, write ${config.name} or this partner's own words`,
      });
    }
  }
  return { errors, warnings };
}

/** Two partners with one name: the second was likely copied and never renamed. */
function sharedNames(partners: readonly LoadedPartner[]): Problem[] {
  return partners.flatMap(({ file, config }) => {
    const twin = partners.find(
      (other) =>
        other.file !== file &&
        other.config.id !== defaultPartnerId &&
        readable(other.config.name).trim().toLowerCase() ===
          readable(config.name).trim().toLowerCase(),
    );
    return twin
      ? [
          {
            file,
            pointer: '/name',
            message: `${twin.file} has the same name, "${config.name}"; give each partner its own name (its visitors read it in the browser tab and the consent line)`,
          },
        ]
      : [];
  });
}

export function leftoverFindings(partners: readonly LoadedPartner[]): LeftoverFindings {
  // The default page speaks for the product itself, whose name every partner may use.
  const named: OtherPartner[] = partners
    .filter(({ config }) => config.id !== defaultPartnerId && readable(config.name).trim() !== '')
    .map(({ file, config }) => ({
      id: config.id,
      file,
      name: config.name,
      pattern: namePattern(config.name),
    }));
  const problems: Problem[] = [];
  const warnings: Problem[] = [...sharedNames(partners)];
  for (const { file, config } of partners) {
    const others = named.filter((other) => other.id !== config.id);
    // Errors and warnings each go through the move to the place a person edits (a variant's own).
    const found = (version: PartnerConfig) => findingsOf(file, version, others);
    problems.push(...problemsOfEveryVersion(config, (version) => found(version).errors));
    warnings.push(...problemsOfEveryVersion(config, (version) => found(version).warnings));
  }
  return { problems, warnings };
}
