import { describe, expect, it } from 'vitest';
import {
  asMarkers,
  cleanValue,
  fillPartnerText,
  fillText,
  fromQuery,
  hasMarkerCharacters,
  markedParameters,
  maxValueLength,
  parseText,
  queryValues,
  replaceMarkers,
  stripMarkers,
  templateFile,
  withDefaults,
} from './dynamicText.ts';
import { partners } from './partners.ts';
import type { PartnerConfig } from './generated/partner.ts';

const title = 'A safer {{utm_term | "home"}}, one room at a time';

describe('parsing a text with placeholders', () => {
  it('finds each placeholder with its parameter and default, spaces around them allowed', () => {
    expect(parseText(title)).toEqual({
      parts: [
        'A safer ',
        { name: 'utm_term', fallback: 'home', source: '{{utm_term | "home"}}' },
        ', one room at a time',
      ],
      errors: [],
    });
    expect(parseText('{{city|"your town"}} and {{ n2 |  "x" }}').parts).toEqual([
      { name: 'city', fallback: 'your town', source: '{{city|"your town"}}' },
      ' and ',
      { name: 'n2', fallback: 'x', source: '{{ n2 |  "x" }}' },
    ]);
    expect(parseText('No placeholder here').parts).toEqual(['No placeholder here']);
  });

  it('names what is wrong with a malformed placeholder, and keeps it as plain text', () => {
    const cases: [string, string][] = [
      ['Hi {{utm_term}}', 'noDefault'],
      ['Hi {{utm_term | "home"', 'unclosed'],
      ['Hi {{UTM_Term | "home"}}', 'badName'],
      ['Hi {{utm-term | "home"}}', 'badName'],
      [`Hi {{${'a'.repeat(41)} | "home"}}`, 'badName'],
      ['Hi {{ | "home"}}', 'badName'],
      ['Hi {{utm_term | home}}', 'badDefault'],
      ['Hi {{utm_term | "a\\"b"}}', 'badDefault'],
      ['Hi {{utm_term | "  "}}', 'emptyDefault'],
    ];
    for (const [text, kind] of cases) {
      const parsed = parseText(text);
      expect(
        parsed.errors.map((error) => error.kind),
        text,
      ).toEqual([kind]);
      expect(parsed.parts.join(''), text).toBe(text);
      // Filling agrees: a malformed placeholder is never filled.
      expect(fillText(text, fromQuery('?utm_term=x&UTM_Term=x&utm-term=x')), text).toBe(text);
    }
    // 40 characters is the longest name.
    expect(parseText(`{{${'a'.repeat(40)} | "x"}}`).errors).toEqual([]);
  });
});

describe('filling placeholders', () => {
  it('shows the default, or the parameter of the query when it has a value', () => {
    expect(fillText(title, withDefaults)).toBe('A safer home, one room at a time');
    expect(fillText(title, fromQuery('?utm_term=kitchen'))).toBe(
      'A safer kitchen, one room at a time',
    );
    expect(fillText(title, fromQuery('utm_term=living+room&utm_term=attic'))).toBe(
      'A safer living room, one room at a time',
    );
    // Empty, blank or absent: the default.
    for (const search of ['', '?utm_term=', '?utm_term=%20%0A', '?utm_source=mail'])
      expect(fillText(title, fromQuery(search)), search).toBe('A safer home, one room at a time');
  });

  it('inserts the value as text, whatever it holds (escaping is the renderer’s job)', () => {
    expect(fillText(title, fromQuery('?utm_term=%3Cb%3Ebold%3C%2Fb%3E'))).toBe(
      'A safer <b>bold</b>, one room at a time',
    );
    // A value that looks like a placeholder is not expanded again.
    expect(fillText('{{a | "x"}}', fromQuery('?a=%7B%7Bb+%7C+%22y%22%7D%7D'))).toBe('{{b | "y"}}');
  });

  it('cleans a value to one visible line of at most 60 characters', () => {
    expect(cleanValue('  kitchen\n\tand   bath  ')).toBe('kitchen and bath');
    // Controls, private-use characters (the markers) and text-reordering marks are removed.
    expect(cleanValue('ki\u0000tch\u0007en\u202e\ue000\ue001\ue002')).toBe('kitchen');
    const long = `${'word '.repeat(20)}end`;
    expect(cleanValue(long)).toBe('word '.repeat(12).trimEnd());
    expect(Array.from(cleanValue('é'.repeat(100)))).toHaveLength(maxValueLength);
    // Cut between characters, never inside one: an emoji is two UTF-16 units.
    expect(cleanValue('😀'.repeat(100))).toBe('😀'.repeat(maxValueLength));
    expect(queryValues('?utm_term=%00%0A&Bad-Name=x&ok=1')).toEqual(new Map([['ok', '1']]));
  });

  it('marks each default for the prerender, and stripping the marks gives the page of the defaults', () => {
    const marked = fillText(title, asMarkers);
    expect(marked).toBe('A safer \ue000utm_term\ue001home\ue002, one room at a time');
    expect(stripMarkers(marked)).toBe(fillText(title, withDefaults));
    expect(markedParameters(`<p>${marked}</p><img alt="${marked}">`)).toEqual(
      new Set(['utm_term']),
    );
    expect(replaceMarkers(marked, (name, fallback) => `[${name}:${fallback}]`)).toBe(
      'A safer [utm_term:home], one room at a time',
    );
    expect(hasMarkerCharacters(stripMarkers(marked))).toBe(false);
    // A marker a block split is left for the build to refuse.
    expect(hasMarkerCharacters(stripMarkers('\ue000utm_term\ue001ho<b>me\ue002'))).toBe(false);
    expect(hasMarkerCharacters(stripMarkers('\ue000utm_term\ue001ho</h1><h1>me\ue002'))).toBe(
      false,
    );
    expect(hasMarkerCharacters(stripMarkers('\ue000utm_term\ue001ho'))).toBe(true);
    expect(templateFile('showcase/_v/fewer-falls/index.html')).toBe(
      'showcase/_v/fewer-falls/index.template.html',
    );
  });
});

describe("filling a partner's blocks", () => {
  const demo = partners.find((partner) => partner.id === 'demo') as PartnerConfig;
  const withPlaceholders = (partner: PartnerConfig): PartnerConfig => {
    const [hero, ...rest] = partner.pages.landing.sections;
    if (hero?.type !== 'hero') throw new Error("demo's landing page opens with a hero");
    return {
      ...partner,
      pages: {
        ...partner.pages,
        landing: {
          ...partner.pages.landing,
          sections: [{ ...hero, props: { ...hero.props, title } }, ...rest],
        },
      },
    };
  };

  it('fills the text props of every page and keeps a partner without placeholders as it is', () => {
    expect(fillPartnerText(demo, fromQuery('?utm_term=garage'))).toBe(demo);
    const filled = fillPartnerText(withPlaceholders(demo), fromQuery('?utm_term=garage'));
    expect(filled.pages.landing.sections[0]?.props).toMatchObject({
      title: 'A safer garage, one room at a time',
    });
    // The sections without placeholders are the same objects (memoised blocks do not re-render).
    expect(filled.pages.landing.sections.slice(1)).toEqual(demo.pages.landing.sections.slice(1));
    filled.pages.landing.sections
      .slice(1)
      .forEach((section, index) => expect(section).toBe(demo.pages.landing.sections[index + 1]));
    expect(filled.pages.claimOffer.sections[0]).toBe(demo.pages.claimOffer.sections[0]);
  });

  it('leaves settings holding HTML as written: a value never lands in HTML', () => {
    const partner = withPlaceholders(demo);
    const rich = {
      id: 'rich',
      type: 'richText' as const,
      props: { title, bodyHtml: `<p>${title}</p>` },
    };
    const filled = fillPartnerText(
      {
        ...partner,
        pages: {
          ...partner.pages,
          landing: {
            ...partner.pages.landing,
            sections: [...partner.pages.landing.sections, rich],
          },
        },
      },
      fromQuery('?utm_term=%3Cscript%3E'),
    );
    expect(filled.pages.landing.sections.at(-1)?.props).toEqual({
      title: 'A safer <script>, one room at a time',
      bodyHtml: `<p>${title}</p>`,
    });
  });
});
