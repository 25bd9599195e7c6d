import { describe, expect, it } from 'vitest';
import { compileCatalogue } from './compileMessages.ts';

/** Compiles a catalogue and loads it as the browser would (a module's default export). */
async function load(messages: Record<string, string>, locale = 'en-US') {
  const code = compileCatalogue(messages, locale, 'test.json');
  const module = (await import(`data:text/javascript,${encodeURIComponent(code)}`)) as {
    default: Record<string, string | ((values: Record<string, unknown>) => string)>;
  };
  return { code, words: module.default };
}

describe('compileCatalogue (the site words, compiled at build time)', () => {
  it('keeps a text without placeholders a plain string, and ships no helper it does not use', async () => {
    const { code, words } = await load({
      plain: "We've set up `your` scan, 100% \\ done",
      quoted: 'Say `{name}` \\ $ ok',
    });
    expect(words.plain).toBe("We've set up `your` scan, 100% \\ done");
    const quoted = words.quoted as (values: Record<string, unknown>) => string;
    expect(quoted({ name: 'Ana' })).toBe('Say `Ana` \\ $ ok');
    expect(code).not.toContain('Intl');
  });

  it('fills arguments, and formats numbers, prices and dates by Intl for the language', async () => {
    const { words } = await load(
      {
        hello: 'Hello {name}',
        pay: 'Pay {amount, number, currency}',
        day: 'It opens on {day, date, long}.',
      },
      'es-US',
    );
    const hello = words.hello as (values: Record<string, unknown>) => string;
    const pay = words.pay as (values: Record<string, unknown>) => string;
    const day = words.day as (values: Record<string, unknown>) => string;
    expect(hello({ name: 'Ana' })).toBe('Hello Ana');
    expect(pay({ amount: 75 })).toBe(
      `Pay ${new Intl.NumberFormat('es-US', { style: 'currency', currency: 'USD' }).format(75)}`,
    );
    expect(day({ day: Date.UTC(2027, 2, 31) })).toBe(
      `It opens on ${new Intl.DateTimeFormat('es-US', { dateStyle: 'long', timeZone: 'UTC' }).format(Date.UTC(2027, 2, 31))}.`,
    );
  });

  it('chooses plural and select cases, exact numbers first', async () => {
    const { words } = await load({
      days: '{count, plural, =0 {no days} one {# day} other {# days}}',
      who: '{kind, select, free {your claim} other {your payment}}',
    });
    const days = words.days as (values: Record<string, unknown>) => string;
    const who = words.who as (values: Record<string, unknown>) => string;
    expect([0, 1, 7].map((count) => days({ count }))).toEqual(['no days', '1 day', '7 days']);
    expect([who({ kind: 'free' }), who({ kind: 'paid' })]).toEqual(['your claim', 'your payment']);
  });

  it('refuses what it cannot compile with the file, the key and a sentence', () => {
    expect(() => compileCatalogue({ broken: 'Hello {name' }, 'en-US', 'es/forms.json')).toThrow(
      /es\/forms\.json: "broken" is not valid ICU MessageFormat/,
    );
    expect(() =>
      compileCatalogue({ odd: 'At {time, time, short}' }, 'en-US', 'es/forms.json'),
    ).toThrow(/es\/forms\.json: "odd" uses \{time, time, short\}/);
  });
});
