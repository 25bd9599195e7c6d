/**
 * The kinds of server setting (a whole number in a range, a flag, a text with a rule...): each
 * setting of server/config.ts is one entry made by one of these, which carries its name, what it
 * does, what production needs, its default and how it is read. The parser, `check:env` and the
 * settings table in docs/deploying.md (tools/docs/settingsTable.ts) all read those entries, so a
 * default or a range is written once.
 */
export type Env = Readonly<Record<string, string | undefined>>;

export interface SettingDoc {
  /** What it does, for an operator. */
  description: string;
  /** What a production start (APP_ENV=production) needs of it; "optional" when nothing. */
  production?: string;
  /** The default as people read it, when it is not simply the fallback value. */
  defaultText?: string;
}

/** How a setting's value is written, for the docs and the tests. */
export type SettingKind = 'whole number' | 'flag' | 'text' | 'choice' | 'list';

export interface Setting<T> {
  readonly name: string;
  readonly kind: SettingKind;
  readonly description: string;
  readonly production: string;
  readonly defaultText: string;
  /** The value from the environment, or the default; a bad value adds a sentence to `problems`. */
  read(env: Env, problems: string[]): T;
}

/** A set value with the spaces around it trimmed, or undefined for unset or blank. */
export function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** A setting read by its own rule (a list, a value another setting shapes). */
export function setting<T>(
  name: string,
  kind: SettingKind,
  doc: SettingDoc,
  defaultText: string,
  read: (raw: string | undefined, problems: string[]) => T,
): Setting<T> {
  return {
    name,
    kind,
    description: doc.description,
    production: doc.production ?? 'optional',
    defaultText: doc.defaultText ?? defaultText,
    read: (env, problems) => read(nonEmpty(env[name]), problems),
  };
}

export function parseInteger(
  problems: string[],
  name: string,
  raw: string,
  fallback: number,
  range: { min: number; max: number },
): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < range.min || value > range.max) {
    problems.push(
      `${name} must be a whole number from ${range.min} to ${range.max} (got "${raw}")`,
    );
    return fallback;
  }
  return value;
}

/** A whole number from min to max, `fallback` when unset. */
export function integer(
  name: string,
  range: { fallback: number; min: number; max: number },
  doc: SettingDoc,
): Setting<number> {
  return setting(name, 'whole number', doc, String(range.fallback), (raw, problems) =>
    raw === undefined ? range.fallback : parseInteger(problems, name, raw, range.fallback, range),
  );
}

/** A whole number from min to max, or undefined when unset. */
export function optionalInteger(
  name: string,
  range: { min: number; max: number },
  doc: SettingDoc,
): Setting<number | undefined> {
  return setting(name, 'whole number', doc, 'unset', (raw, problems) =>
    raw === undefined ? undefined : parseInteger(problems, name, raw, range.min, range),
  );
}

/**
 * A text, or undefined when unset; `check` returns the sentence for a value it refuses (the value
 * is then still returned, and the start refused by the problem).
 */
export function optionalText(
  name: string,
  doc: SettingDoc,
  check?: (value: string) => string | undefined,
): Setting<string | undefined> {
  return setting(name, 'text', doc, 'unset', (raw, problems) => {
    const problem = raw === undefined ? undefined : check?.(raw);
    if (problem) problems.push(problem);
    return raw;
  });
}

/** A text, `fallback` when unset. */
export function text(
  name: string,
  fallback: string,
  doc: SettingDoc,
  check?: (value: string) => string | undefined,
): Setting<string> {
  return setting(name, 'text', doc, fallback, (raw, problems) => {
    const value = raw ?? fallback;
    const problem = check?.(value);
    if (problem) problems.push(problem);
    return value;
  });
}

/** "1" turns it on; anything else (or unset) leaves it off. */
export function flag(name: string, doc: SettingDoc): Setting<boolean> {
  return setting(name, 'flag', doc, '0', (raw) => raw === '1');
}

/** One of a few words, `fallback` when unset; another word is refused with `refusal(raw)`. */
export function choice<T extends string>(
  name: string,
  choices: readonly T[],
  fallback: T,
  doc: SettingDoc,
  refusal: (raw: string) => string,
): Setting<T> {
  return setting(name, 'choice', doc, fallback, (raw, problems) => {
    if (raw === undefined) return fallback;
    const found = choices.find((option) => option === raw);
    if (found === undefined) problems.push(refusal(raw));
    return found ?? fallback;
  });
}

/** A choice among a few words that may also be left unset. */
export function optionalChoice<T extends string>(
  name: string,
  choices: readonly T[],
  doc: SettingDoc,
  refusal: string,
): Setting<T | undefined> {
  return setting(name, 'choice', doc, 'unset', (raw, problems) => {
    if (raw === undefined) return undefined;
    const found = choices.find((option) => option === raw);
    if (found === undefined) problems.push(refusal);
    return found;
  });
}

/** A partner id as it ends a per-partner variable's name: `cor-freedom` reads `COR_FREEDOM`. */
export function partnerEnvSuffix(partnerId: string): string {
  return partnerId.toUpperCase().replace(/[^A-Z0-9]/g, '_');
}

/**
 * One value per partner, each in its own variable: `<prefix><PARTNER_ID>` (partnerEnvSuffix), so
 * a secret of one partner is never in another's setting. Read as a map from the suffix to the
 * value; `check` refuses a value with its sentence.
 */
export function perPartner(
  prefix: string,
  doc: SettingDoc,
  check?: (name: string, value: string) => string | undefined,
): Setting<ReadonlyMap<string, string>> {
  return {
    name: `${prefix}<PARTNER_ID>`,
    kind: 'text',
    description: doc.description,
    production: doc.production ?? 'optional',
    defaultText: doc.defaultText ?? 'unset',
    read(env, problems) {
      const values = new Map<string, string>();
      for (const [name, raw] of Object.entries(env)) {
        if (!name.startsWith(prefix)) continue;
        const value = nonEmpty(raw);
        const suffix = name.slice(prefix.length);
        if (value === undefined) continue;
        if (!/^[A-Z0-9_]+$/.test(suffix)) {
          problems.push(
            `${name}: the part after ${prefix} must be a partner id in capitals, with _ for - (such as ${prefix}COR_FREEDOM)`,
          );
          continue;
        }
        const problem = check?.(name, value);
        if (problem) problems.push(problem);
        values.set(suffix, value);
      }
      return values;
    },
  };
}
