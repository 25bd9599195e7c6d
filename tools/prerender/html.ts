/**
 * Turns Vite's index.html into one prerendered page: the partner's title, description, Open Graph
 * tags and icon, preloads for the hero picture and the fonts, the page's CSS inline, and the
 * rendered app in #root. Pure string work, so it is unit-tested without a build.
 */
import { startAtLoadAttribute } from '../../src/app/startAtLoad.ts';
import { partnerDataScriptId } from '../../src/partner/browserCatalog.ts';

export interface PageHead {
  title: string;
  description: string;
  faviconHref: string;
  /**
   * The page's share card (a PNG made at build, tools/images/): its address (absolute when
   * PUBLIC_BASE_URL is known at build time), size and description.
   */
  ogImage?: { url: string; width: number; height: number; alt: string };
  ogUrl?: string;
  /** <link rel=preload as=image> for the picture the page opens with, per viewport. */
  /** With the picture's srcset when it has one (the preload must pick the file the page will). */
  images: { href: string; srcset?: string; media?: string }[];
  fonts: string[];
  /** Extra chunks the page hydrates with (its route's lazy code), fetched alongside the entry. */
  modulePreloads: string[];
  /** The boot script (bootScript() below), served from the build folder. */
  bootHref: string;
  /**
   * The whole stylesheet, when the CSS inlined is only the page's part of it (usedCss.ts): the
   * app links it as it starts (src/app/preloadStart.ts), before it renders anything new.
   */
  stylesheetHref?: string;
  /** The page's language, for <html lang> (issue 37). */
  lang: string;
  /** The page's own address, for rel=canonical (absolute when the build knows the origin). */
  canonical: string;
  /**
   * The same page in each language the partner offers, itself included, for
   * <link rel=alternate hreflang>; x-default names the English one. Empty for one language.
   */
  alternates: { hreflang: string; href: string }[];
}

export interface PageBody {
  /** The app's HTML for #root. */
  html: string;
  /** Host name the page was rendered for ('' for route pages): read by src/main.tsx. */
  prerenderHost: string;
  /**
   * The page's own partner and host (src/partner/browserCatalog.ts EmbeddedPartner), embedded as
   * JSON for the browser: the page's scripts hold no partner data of their own.
   */
  embedded?: unknown;
  /**
   * HTML ahead of #root, outside React's tree: the partner's consent notice, when it has tags
   * (src/services/consent/notice.ts).
   */
  beforeRoot?: string;
  /**
   * The app starts as soon as the page settles instead of on the visitor's first act
   * (src/app/whenAppNeeded.ts): the page shows something the build cannot know (an offer that
   * opens or ends on a date, judged by the visitor's clock).
   */
  startsAtLoad?: boolean;
}

/** JSON safe inside <script type="application/json">: nothing in it can close or open a tag. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export function unescapeHtml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

function replaceOnce(html: string, pattern: RegExp, replacement: string, what: string): string {
  if (!pattern.test(html)) throw new Error(`index.html has no ${what} to replace`);
  return html.replace(pattern, () => replacement);
}

function iconType(href: string): string {
  if (href.endsWith('.svg')) return 'image/svg+xml';
  if (href.endsWith('.png')) return 'image/png';
  return 'image/x-icon';
}

function headTags(head: PageHead): string {
  const meta = (property: string, content: string) =>
    `<meta property="${property}" content="${escapeHtml(content)}" />`;
  return [
    `<link rel="canonical" href="${escapeHtml(head.canonical)}" />`,
    ...head.alternates.map(
      (alternate) =>
        `<link rel="alternate" hreflang="${escapeHtml(alternate.hreflang)}" href="${escapeHtml(alternate.href)}" />`,
    ),
    ...head.images.map(
      (image) =>
        `<link rel="preload" as="image" href="${escapeHtml(image.href)}"${
          image.srcset ? ` imagesrcset="${escapeHtml(image.srcset)}"` : ''
        }${image.media ? ` media="${escapeHtml(image.media)}"` : ''} fetchpriority="high" />`,
    ),
    ...head.fonts.map(
      (href) =>
        `<link rel="preload" as="font" type="font/woff2" href="${escapeHtml(href)}" crossorigin />`,
    ),
    meta('og:type', 'website'),
    meta('og:title', head.title),
    meta('og:description', head.description),
    ...(head.ogImage
      ? [
          meta('og:image', head.ogImage.url),
          meta('og:image:type', 'image/png'),
          meta('og:image:width', String(head.ogImage.width)),
          meta('og:image:height', String(head.ogImage.height)),
          meta('og:image:alt', head.ogImage.alt),
        ]
      : []),
    ...(head.ogUrl ? [meta('og:url', head.ogUrl)] : []),
    `<meta name="twitter:card" content="summary_large_image" />`,
  ].join('\n    ');
}

/** The page: `template` is Vite's built index.html; `css` the stylesheet it links, to inline. */
export function renderDocument(template: string, css: string, head: PageHead, body: PageBody) {
  let html = template;
  html = replaceOnce(
    html,
    /<html lang="[^"]*"/,
    `<html lang="${escapeHtml(head.lang)}"`,
    'html lang',
  );
  html = replaceOnce(
    html,
    /<title>[^<]*<\/title>/,
    `<title>${escapeHtml(head.title)}</title>`,
    'title',
  );
  html = replaceOnce(
    html,
    /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    'meta description',
  );
  html = replaceOnce(
    html,
    /<link\s+rel="icon"[^>]*>/,
    `<link rel="icon" type="${iconType(head.faviconHref)}" href="${escapeHtml(head.faviconHref)}" />`,
    'icon link',
  );
  // Preloads and social tags go right after the title, ahead of the scripts.
  html = html.replace(/(<title>[^<]*<\/title>)/, (title) => `${title}\n    ${headTags(head)}`);
  // The stylesheet inline: nothing blocks the first paint. (The shell keeps the link.)
  html = replaceOnce(
    html,
    /<link\s+rel="stylesheet"[^>]*href="[^"]+\.css"[^>]*>/,
    `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`,
    'stylesheet link',
  );
  // The app starts once the page has loaded (see bootScript): its entry and every chunk the
  // entry would have preloaded are handed to the boot script instead of being fetched now.
  const entry = /<script\s+type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/.exec(html);
  if (!entry?.[1]) throw new Error('index.html has no module script to start the app');
  const entryPreloads = [...html.matchAll(/<link\s+rel="modulepreload"[^>]*href="([^"]+)"[^>]*>/g)]
    .map((match) => match[1])
    .filter((href): href is string => href !== undefined);
  html = html.replace(/\s*<link\s+rel="modulepreload"[^>]*>/g, '');
  const preload = [
    ...new Set([
      ...entryPreloads,
      ...head.modulePreloads,
      ...(head.stylesheetHref ? [head.stylesheetHref] : []),
    ]),
  ].join(' ');
  html = html.replace(
    entry[0],
    `<script defer src="${escapeHtml(head.bootHref)}" data-entry="${escapeHtml(entry[1])}"${
      preload ? ` data-preload="${escapeHtml(preload)}"` : ''
    }></script>`,
  );
  const rootAttributes = `${
    body.prerenderHost ? ` data-prerender-host="${escapeHtml(body.prerenderHost)}"` : ''
  }${body.startsAtLoad ? ` ${startAtLoadAttribute}` : ''}`;
  html = replaceOnce(
    html,
    /<div id="root"><\/div>/,
    `${body.beforeRoot ?? ''}<div id="root"${rootAttributes}>${body.html}</div>${
      body.embedded === undefined
        ? ''
        : `\n    <script type="application/json" id="${partnerDataScriptId}">${jsonForScript(body.embedded)}</script>`
    }`,
    'empty #root',
  );
  return html;
}

/**
 * The app shell in one language (src/config/appShell.ts): Vite's index.html with that language's
 * `lang` and description, so the page is read in its language before the app runs. The title is
 * the product's name, the same in every language; the app sets the partner's once it runs.
 */
export function shellDocument(
  template: string,
  lang: string,
  description: string,
  /** The chunks the entry fetches side by side as it starts the app (src/app/preloadStart.ts). */
  preload: readonly string[] = [],
  /** The tab icon the built site draws from the site's favicon (src/config/shareImages.ts). */
  { iconHref }: { iconHref?: string } = {},
): string {
  const entry = /<script type="module"[^>]*\ssrc="[^"]+"/.exec(template)?.[0];
  if (!entry) throw new Error('index.html has no module script to start the app');
  const attribute = preload.length ? ` data-preload="${escapeHtml(preload.join(' '))}"` : '';
  let html = template.replace(entry, () => `${entry}${attribute}`);
  html = replaceOnce(html, /<html lang="[^"]*"/, `<html lang="${escapeHtml(lang)}"`, 'html lang');
  if (iconHref)
    html = replaceOnce(
      html,
      /<link\s+rel="icon"[^>]*>/,
      `<link rel="icon" type="${iconType(iconHref)}" href="${escapeHtml(iconHref)}" />`,
      'icon link',
    );
  return replaceOnce(
    html,
    /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    'meta description',
  );
}

/** Whether a CSS unicode-range ("U+??,U+131,U+2000-206F", "U+0000-00FF") covers a code point. */
export function rangeCovers(unicodeRange: string, codePoint: number): boolean {
  return unicodeRange.split(',').some((token) => {
    const value = token.trim().replace(/^u\+/i, '');
    const [low, high] = value.includes('?')
      ? [value.replace(/\?/g, '0'), value.replace(/\?/g, 'F')]
      : value.split('-');
    const from = Number.parseInt(low ?? '', 16);
    const to = high === undefined ? from : Number.parseInt(high, 16);
    return codePoint >= from && codePoint <= to;
  });
}

/**
 * The woff2 files of the fonts' basic Latin subset (the @font-face whose unicode-range covers
 * "A"): what the pages' text needs first, worth preloading. Other subsets load only when used.
 */
export function latinFontFiles(css: string): string[] {
  const files: string[] = [];
  for (const block of css.match(/@font-face\s*{[^}]*}/g) ?? []) {
    const range = /unicode-range:\s*([^;}]+)/i.exec(block)?.[1];
    if (range && !rangeCovers(range, 0x41)) continue;
    const woff2 = /url\(\s*["']?([^"')]+\.woff2)["']?\s*\)/.exec(block);
    if (woff2?.[1]) files.push(woff2[1]);
  }
  return [...new Set(files)];
}

/**
 * The boot script of the prerendered pages (a file, so the Content-Security-Policy needs no
 * 'unsafe-inline'). The page is complete HTML, so the app's entry waits until the page has loaded
 * and its largest paint is on screen: the pictures and fonts the page opens with never share the
 * connection with it, and the first paints come as early as with no script at all. Nothing above
 * the fold needs the script (links are plain links; the form below waits for it, see
 * SignupForm.tsx). The entry (src/main.tsx) is small: it loads the app, and the chunks this script
 * is handed (`data-preload`), only once the visitor acts or an interactive block nears the
 * viewport (src/app/whenAppNeeded.ts, src/app/preloadStart.ts).
 */
export function bootScript(): string {
  return `(function () {
  var entry = document.currentScript.getAttribute('data-entry');
  var started = false;
  function start() {
    if (started) return;
    started = true;
    import(entry);
  }
  // After the largest paint, once the browser is idle: the document's own layout and paints of
  // the first screen come first, so the app's start does not add to their long tasks.
  function whenIdle(callback) {
    if (window.requestIdleCallback) requestIdleCallback(callback, { timeout: 1000 });
    else setTimeout(callback, 0);
  }
  // Once the largest paint is on screen; where the browser does not report it, or the page is in
  // the background (nothing is painted), soon after the load event.
  function afterPaint() {
    var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
    if (types.indexOf('largest-contentful-paint') < 0 || document.visibilityState !== 'visible') {
      setTimeout(start, 0);
      return;
    }
    new PerformanceObserver(function (list, observer) {
      observer.disconnect();
      whenIdle(start);
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    setTimeout(start, 2000);
  }
  if (document.readyState === 'complete') afterPaint();
  else addEventListener('load', afterPaint, { once: true });
})();
`;
}

/** The page without any script: the floor the benchmark compares the page's LCP with. */
export function withoutScripts(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>\s*/g, '')
    .replace(/<link\s+rel="modulepreload"[^>]*>\s*/g, '');
}
