import { parse, type Token } from '@messageformat/parser';

/**
 * Compiles one catalogue of the site's words (src/i18n/catalogues/<language>/<area>.json, ICU
 * MessageFormat, flat keys) to a plain ES module, at build time: a message without placeholders
 * becomes its string, any other a small function of its values. No message parser reaches the
 * browser; what does is the words themselves and, only in a catalogue that uses them, the few
 * lines that hand plurals, numbers, prices and dates to `Intl` for the language.
 *
 * Supported, beside plain text: `{name}`, `{n, number}`, `{n, number, currency}` (US dollars),
 * `{d, date}` / `{d, date, long}`, `{n, plural, ...}` with `#` and `=N` cases, `{x, select, ...}`.
 * Anything else is refused with the file, the key and a sentence, so a typo never ships.
 */
export function compileCatalogue(
  messages: Record<string, unknown>,
  locale: string,
  file: string,
): string {
  const helpers = new Set<Helper>();
  const entries = Object.entries(messages).map(([key, source]) => {
    if (typeof source !== 'string')
      throw new Error(`${file}: "${key}" is not a string; every message is one text.`);
    let tokens: Token[];
    try {
      tokens = parse(source);
    } catch (error) {
      throw new Error(
        `${file}: "${key}" is not valid ICU MessageFormat (${(error as Error).message}).`,
      );
    }
    const literal = tokens.every((token) => token.type === 'content');
    const body = literal
      ? JSON.stringify(
          tokens.map((token) => (token.type === 'content' ? token.value : '')).join(''),
        )
      : `(v)=>${template(tokens, undefined, helpers, file, key)}`;
    return `${JSON.stringify(key)}:${body}`;
  });
  const lines: string[] = [];
  if (helpers.size > 0) lines.push(`const L=${JSON.stringify(locale)};`);
  if (helpers.has('number')) lines.push('const n=(x)=>new Intl.NumberFormat(L).format(x);');
  if (helpers.has('currency'))
    lines.push(
      'const c=(x)=>new Intl.NumberFormat(L,{style:"currency",currency:"USD"}).format(x);',
    );
  if (helpers.has('date'))
    lines.push(
      'const d=(x,o)=>new Intl.DateTimeFormat(L,o?{dateStyle:o,timeZone:"UTC"}:{timeZone:"UTC"}).format(x);',
    );
  if (helpers.has('plural'))
    lines.push(
      'const p=(x,c)=>{const k="="+x;return k in c?c[k]:c[new Intl.PluralRules(L).select(x)]??c.other};',
    );
  if (helpers.has('select')) lines.push('const s=(x,c)=>c[x]??c.other;');
  lines.push(`export default {${entries.join(',')}};`);
  return lines.join('\n');
}

type Helper = 'number' | 'currency' | 'date' | 'plural' | 'select';

/** A message's tokens as one template literal (`#` is the number of the plural around it). */
function template(
  tokens: readonly Token[],
  pluralArg: string | undefined,
  helpers: Set<Helper>,
  file: string,
  key: string,
): string {
  const value = (arg: string) => `v[${JSON.stringify(arg)}]`;
  const parts = tokens.map((token): string => {
    switch (token.type) {
      case 'content':
        return token.value.replace(/[`\\]/g, '\\$&').replace(/\$\{/g, '\\${');
      case 'argument':
        return `\${${value(token.arg)}}`;
      case 'octothorpe':
        if (pluralArg === undefined) throw new Error(`${file}: "${key}" has a # outside a plural.`);
        helpers.add('number');
        return `\${n(${value(pluralArg)})}`;
      case 'function': {
        const style = (token.param ?? [])
          .map((part) => (part.type === 'content' ? part.value : ''))
          .join('')
          .trim();
        if (token.key === 'number' && style === '') {
          helpers.add('number');
          return `\${n(${value(token.arg)})}`;
        }
        if (token.key === 'number' && style === 'currency') {
          helpers.add('currency');
          return `\${c(${value(token.arg)})}`;
        }
        if (token.key === 'date' && ['', 'short', 'medium', 'long', 'full'].includes(style)) {
          helpers.add('date');
          return `\${d(${value(token.arg)}${style ? `,${JSON.stringify(style)}` : ''})}`;
        }
        throw new Error(
          `${file}: "${key}" uses {${token.arg}, ${token.key}, ${style}}, which the site's compiler does not know.`,
        );
      }
      case 'plural':
      case 'select': {
        helpers.add(token.type);
        const cases = token.cases
          .map(
            (entry) =>
              `${JSON.stringify(entry.key)}:${template(
                entry.tokens,
                token.type === 'plural' ? token.arg : pluralArg,
                helpers,
                file,
                key,
              )}`,
          )
          .join(',');
        return token.type === 'plural'
          ? `\${p(${value(token.arg)},{${cases}})}`
          : `\${s(${value(token.arg)},{${cases}})}`;
      }
      default:
        throw new Error(
          `${file}: "${key}" uses ${token.type}, which the site's compiler does not know.`,
        );
    }
  });
  return `\`${parts.join('')}\``;
}
