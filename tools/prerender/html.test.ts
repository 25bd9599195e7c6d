import { describe, expect, it } from 'vitest';
import {
  bootScript,
  escapeHtml,
  latinFontFiles,
  rangeCovers,
  renderDocument,
  shellDocument,
  withoutScripts,
  type PageHead,
} from './html.ts';

/** Vite's built index.html, as tools/prerender/plugin.ts receives it. */
const template = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="Default description" />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <title>HomeSafe Scan</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-def.js">
    <link rel="stylesheet" crossorigin href="/assets/style-123.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

const head: PageHead = {
  title: "Lowe's | HomeSafe Scan",
  description: 'Save 20% & more "today"',
  faviconHref: '/partners/lowes/favicon.svg',
  ogImage: {
    url: 'https://scan.example/images/generated/lowes/share-landing.png',
    width: 1200,
    height: 630,
    alt: "Lowe's: Know what to fix",
  },
  images: [
    { href: '/partners/lowes/hero-mobile.svg', media: '(max-width: 767.98px)' },
    { href: '/partners/lowes/hero-desktop.svg', media: '(min-width: 768px)' },
  ],
  fonts: ['/assets/font-400.woff2'],
  lang: 'es',
  canonical: 'https://homesafety.lowes.com/es',
  alternates: [
    { hreflang: 'en', href: 'https://homesafety.lowes.com/' },
    { hreflang: 'es', href: 'https://homesafety.lowes.com/es' },
    { hreflang: 'x-default', href: 'https://homesafety.lowes.com/' },
  ],
  modulePreloads: ['/assets/ClaimOffer-1.js'],
  bootHref: '/assets/boot-0001.js',
};

describe('renderDocument', () => {
  const html = renderDocument(template, 'body{color:red}', head, {
    html: '<main><h1>Hi</h1></main>',
    prerenderHost: 'homesafety.lowes.com',
  });

  it("puts the partner's title, description, icon and Open Graph tags in the head", () => {
    expect(html).toContain('<title>Lowe&#39;s | HomeSafe Scan</title>');
    expect(html).toContain(
      '<meta name="description" content="Save 20% &amp; more &quot;today&quot;" />',
    );
    expect(html).toContain(
      '<link rel="icon" type="image/svg+xml" href="/partners/lowes/favicon.svg" />',
    );
    expect(html).toContain('<meta property="og:title" content="Lowe&#39;s | HomeSafe Scan" />');
    expect(html).toContain('<meta property="og:type" content="website" />');
    expect(html).toContain(
      '<meta property="og:image" content="https://scan.example/images/generated/lowes/share-landing.png" />',
    );
    expect(html).toContain('<meta property="og:image:type" content="image/png" />');
    expect(html).toContain('<meta property="og:image:width" content="1200" />');
    expect(html).toContain('<meta property="og:image:height" content="630" />');
    expect(html).toContain(
      '<meta property="og:image:alt" content="Lowe&#39;s: Know what to fix" />',
    );
    expect(html).not.toContain('Default description');
  });

  it("says the page's language, its canonical address and the same page in each language", () => {
    expect(html).toContain('<html lang="es">');
    expect(html).not.toContain('<html lang="en">');
    expect(html).toContain('<link rel="canonical" href="https://homesafety.lowes.com/es" />');
    expect(html).toContain(
      '<link rel="alternate" hreflang="en" href="https://homesafety.lowes.com/" />',
    );
    expect(html).toContain(
      '<link rel="alternate" hreflang="es" href="https://homesafety.lowes.com/es" />',
    );
    expect(html).toContain(
      '<link rel="alternate" hreflang="x-default" href="https://homesafety.lowes.com/" />',
    );
  });

  it('preloads the hero picture per viewport and the fonts, before anything else loads', () => {
    expect(html).toContain(
      '<link rel="preload" as="image" href="/partners/lowes/hero-mobile.svg" media="(max-width: 767.98px)" fetchpriority="high" />',
    );
    expect(html).toContain(
      '<link rel="preload" as="font" type="font/woff2" href="/assets/font-400.woff2" crossorigin />',
    );
    expect(html.indexOf('rel="preload"')).toBeLessThan(html.indexOf('<script'));
  });

  it('inlines the stylesheet instead of linking it', () => {
    expect(html).toContain('<style>body{color:red}</style>');
    expect(html).not.toContain('rel="stylesheet"');
  });

  it('starts the app from the boot script, which is handed the entry and the chunks to preload', () => {
    expect(html).not.toContain('type="module"');
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toContain(
      '<script defer src="/assets/boot-0001.js" data-entry="/assets/index-abc.js" data-preload="/assets/vendor-def.js /assets/ClaimOffer-1.js"></script>',
    );
  });

  it('fills #root and says which host the page was rendered for', () => {
    expect(html).toContain(
      '<div id="root" data-prerender-host="homesafety.lowes.com"><main><h1>Hi</h1></main></div>',
    );
    const routePage = renderDocument(template, '', head, { html: '<p>x</p>', prerenderHost: '' });
    expect(routePage).toContain('<div id="root"><p>x</p></div>');
  });

  it('marks #root of a page that shows what the build cannot know, for the app to start at once', () => {
    const page = renderDocument(template, '', head, {
      html: '<p>x</p>',
      prerenderHost: 'homesafety.lowes.com',
      startsAtLoad: true,
    });
    expect(page).toContain(
      '<div id="root" data-prerender-host="homesafety.lowes.com" data-start-at-load><p>x</p></div>',
    );
  });

  it("puts the consent notice ahead of #root, outside React's tree", () => {
    const page = renderDocument(template, '', head, {
      html: '<p>x</p>',
      prerenderHost: '',
      beforeRoot: '<section id="hs-consent">notice</section>',
    });
    expect(page).toContain(
      '<section id="hs-consent">notice</section><div id="root"><p>x</p></div>',
    );
  });

  it('fails loudly when index.html no longer has what it replaces', () => {
    expect(() =>
      renderDocument(template.replace(/<title>.*<\/title>/, ''), '', head, {
        html: '',
        prerenderHost: '',
      }),
    ).toThrow(/title/);
  });
});

describe('the boot script', () => {
  it('waits for the load event, then imports the entry, and preloads nothing itself', () => {
    const script = bootScript();
    expect(script).toContain("addEventListener('load'");
    expect(script).toContain('import(entry)');
    // The entry preloads the app's chunks once the app is needed (src/app/preloadStart.ts).
    expect(script).not.toContain('modulepreload');
  });
});

describe('shellDocument', () => {
  it('says its language and description, and hands the entry the chunks to fetch side by side', () => {
    const shell = shellDocument(template, 'es', 'Evaluación "en casa"', [
      '/assets/client-1.js',
      '/assets/start-2.js',
    ]);
    expect(shell).toContain('<html lang="es"');
    expect(shell).toContain('<meta name="description" content="Evaluación &quot;en casa&quot;" />');
    expect(shell).toContain(
      '<script type="module" crossorigin src="/assets/index-abc.js" data-preload="/assets/client-1.js /assets/start-2.js"></script>',
    );
  });

  it("links the tab icon it is given (the site's SVG icon drawn as PNG), and keeps the template's without one", () => {
    const shell = shellDocument(template, 'en', 'x', [], {
      iconHref: '/images/generated/icon.png',
    });
    expect(shell).toContain(
      '<link rel="icon" type="image/png" href="/images/generated/icon.png" />',
    );
    expect(shell).not.toContain('favicon.svg');
    expect(shellDocument(template, 'en', 'x')).toContain('href="/favicon.svg"');
  });

  it('names no chunks when there are none, and fails on a template without its entry', () => {
    expect(shellDocument(template, 'en', 'Default description')).not.toContain('data-preload');
    expect(() => shellDocument(template.replace(/<script[^>]*><\/script>/, ''), 'en', 'x')).toThrow(
      /module script/,
    );
  });
});

describe('latinFontFiles', () => {
  it('finds the woff2 of each @font-face whose range covers basic Latin, however it is written', () => {
    const css = [
      '@font-face{font-weight:400;src:url(/assets/latin-ext-400.woff2)format("woff2");unicode-range:U+100-2BA,U+2BD-2C5}',
      '@font-face{font-weight:400;src:url(/assets/latin-400.woff2)format("woff2"),url(/assets/latin-400.woff)format("woff");unicode-range:U+??,U+131}',
      "@font-face{font-weight:700;src:url('/assets/latin-700.woff2') format('woff2');unicode-range:U+0000-00FF}",
      '@font-face{font-weight:300;src:url(/assets/any-300.woff2)format("woff2")}',
    ].join('');
    expect(latinFontFiles(css)).toEqual([
      '/assets/latin-400.woff2',
      '/assets/latin-700.woff2',
      '/assets/any-300.woff2',
    ]);
  });

  it('reads unicode ranges with wildcards, ranges and single points', () => {
    expect(rangeCovers('U+??', 0x41)).toBe(true);
    expect(rangeCovers('U+0-FF', 0x41)).toBe(true);
    expect(rangeCovers('U+100-2BA, U+41', 0x41)).toBe(true);
    expect(rangeCovers('U+100-2BA', 0x41)).toBe(false);
  });
});

describe('withoutScripts', () => {
  it('removes every script and module preload, and nothing else', () => {
    const page = renderDocument(template, 'p{}', head, { html: '<p>x</p>', prerenderHost: '' });
    const floor = withoutScripts(page);
    expect(floor).not.toMatch(/<script/);
    expect(floor).not.toContain('modulepreload');
    expect(floor).toContain('<style>p{}</style>');
    expect(floor).toContain('<div id="root"><p>x</p></div>');
  });
});

describe('escapeHtml', () => {
  it('escapes what could end an attribute or open a tag', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
  });
});
