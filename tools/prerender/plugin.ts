import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, minifySync, type Plugin, type ResolvedConfig } from 'vite';
import type { RenderedPage, RenderRequest } from '../../src/entry-server.tsx';
import type {
  HeroProps,
  HeroBlock,
  Page,
  PartnerConfig,
} from '../../src/config/generated/partner.ts';
import type { SiteConfig } from '../../src/config/generated/site.ts';
import { shareCardContent } from '../../src/config/shareCardContent.ts';
import {
  builtIconHref,
  faviconSource,
  shareCardPath,
  shareCardSize,
} from '../../src/config/shareImages.ts';
import { generatePartnerImages } from '../images/generate.ts';
import { pictureSrcSet } from '../../src/config/pictureRule.ts';
import {
  partnerDataPath,
  type EmbeddedPartner,
  type PartnerReference,
} from '../../src/partner/browserCatalog.ts';
import { compressSite } from './compress.ts';
import { choosePartnerData, FIRST_FLIGHT_BYTES } from './firstFlight.ts';
import {
  bootScript,
  latinFontFiles,
  renderDocument,
  shellDocument,
  type PageHead,
} from './html.ts';
import { usedCss } from './usedCss.ts';
import { shellFile } from '../../src/config/appShell.ts';
import { documentWords } from '../../src/i18n/documentWords.ts';
import { languages } from '../../src/i18n/languages.ts';
import {
  pagesToPrerender,
  variantFile,
  variantPartnerDataPath,
  type PrerenderPage,
} from './pages.ts';
import { scheduleReport } from '../../src/config/schedule.ts';
import { consentNoticeHtml } from '../../src/services/consent/notice.ts';
import type { NoticeWords } from '../../src/services/consent/noticeWords.ts';
import type { Language } from '../../src/i18n/languages.ts';
import { hasAnyTag, partnerTags, type SiteWideTags } from '../../src/config/tagRules.ts';
import { CONTROL, IN_APP_PAGES, experimentPages } from '../../src/config/experiments.ts';

const inAppPages = new Set<string>(IN_APP_PAGES);
import {
  hasMarkerCharacters,
  stripMarkers,
  templateFile,
  templateSuffix,
} from '../../src/config/dynamicText.ts';

/**
 * `vite build` (and every build through Vite's API, such as the end-to-end tests') ends here:
 *  1. the app is built once more for Node (src/entry-server.tsx, `build.ssr`);
 *  2. every partner's PNG email logo and share cards are drawn from its SVG artwork (tools/images/),
 *     and every partner's landing page and claim-offer index is rendered to HTML (tools/prerender/
 *     pages.ts lists them from the partners folder, so a new partner file needs no code change),
 *     wrapped in index.html with the partner's head tags and the CSS inline (html.ts); a page
 *     whose blocks hold URL-driven copy also gets index.template.html beside it (the server fills
 *     it from a visitor's query; src/config/dynamicText.ts);
 *  3. Vite's index.html is kept as the app shell for every other address, once per language
 *     (app-shell.html, app-shell.es.html: its lang and description; src/config/appShell.ts);
 *  4. every text file gets a .br and .gz beside it (compress.ts).
 * HOMESAFE_PRERENDER=0 skips it (a plain single-page build).
 */
interface EntryModule {
  renderPage(request: RenderRequest): Promise<RenderedPage>;
  partners: PartnerConfig[];
  site: SiteConfig;
  /** The build's site-wide Google ids (VITE_GA_MEASUREMENT_ID, VITE_GTM_CONTAINER_ID). */
  siteTags: SiteWideTags;
  noticeWordsIn(language: Language): Promise<NoticeWords>;
}

interface ChunkInfo {
  fileName: string;
  imports: string[];
  dynamicImports: string[];
  facadeModuleId: string | null;
  /** The entry chunk of the site (the one holding src/main.tsx). */
  isAppEntry: boolean;
}

const entryModule = 'src/main.tsx';
/**
 * The lazy module a claim-offer page hydrates with (src/app/routes.tsx). Not the signup form it
 * opens with: that form is on screen as prerendered HTML and takes typing at once, and its code
 * (rjsf, the Radix select, the form's validator) follows once the page has started
 * (src/forms/signup/LazySignupForm.tsx), so it is no part of the page's first load.
 */
const claimOfferModule = 'src/pages/ClaimOffer/index.ts';
/**
 * What the entry imports beside the app, once the page is idle (src/main.tsx): the page view's
 * measurements for the guardrails report and the attribution cookie (docs/measurement.md), and
 * the language note. Not stages of the start, so no page names them.
 */
const afterInteractiveModules = [
  'src/services/afterInteractive.ts',
  // The language suggestion's note, shown without the app to a browser that prefers another of
  // the page's languages (src/main.tsx): fetched only then.
  'src/ui/LanguageSuggestion/languageNote.ts',
];

function staticClosure(chunks: Map<string, ChunkInfo>, start: string): Set<string> {
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    for (const imported of chunks.get(fileName)?.imports ?? []) visit(imported);
  };
  visit(start);
  return seen;
}

export function prerenderPlugin(): Plugin {
  let config: ResolvedConfig;
  const chunks = new Map<string, ChunkInfo>();
  let appBuild = false;

  return {
    name: 'homesafe:prerender',
    apply: (userConfig, env) =>
      env.command === 'build' && !userConfig.build?.ssr && process.env.HOMESAFE_PRERENDER !== '0',
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks.set(output.fileName, {
          fileName: output.fileName,
          imports: output.imports,
          dynamicImports: output.dynamicImports,
          facadeModuleId: output.facadeModuleId,
          isAppEntry: output.isEntry && output.moduleIds.some((id) => id.endsWith(entryModule)),
        });
      }
      // Only the site's own build: Storybook's build also loads this config.
      if ([...chunks.values()].some((chunk) => chunk.isAppEntry)) appBuild = true;
    },
    async closeBundle() {
      if (!appBuild) return;
      const started = Date.now();
      const outDir = resolve(config.root, config.build.outDir);
      // A new folder each time: Node caches imported modules by URL for the life of the process
      // (a test run builds more than once), and the chunks import the entry by its plain URL.
      const cacheDir = resolve(config.root, `node_modules/.cache/homesafe-prerender/${started}`);
      await build({
        configFile: config.configFile ?? false,
        root: config.root,
        mode: config.mode,
        logLevel: 'warn',
        build: {
          ssr: resolve(config.root, 'src/entry-server.tsx'),
          outDir: cacheDir,
          emptyOutDir: true,
          copyPublicDir: false,
          minify: false,
          sourcemap: false,
        },
      });
      try {
        const entry = (await import(
          pathToFileURL(join(cacheDir, 'entry-server.js')).href
        )) as EntryModule;
        const images = generatePartnerImages({
          partners: entry.partners,
          site: entry.site,
          publicDir: config.publicDir,
          outDir,
          cacheDir: join(cacheDir, 'fonts'),
        });
        const count = await prerender(entry, outDir, chunks);
        // Templates are filled per request (server/site/pageTemplates.ts), never sent as they are.
        const compressed = compressSite(outDir, (path) => !path.endsWith(templateSuffix));
        config.logger.info(
          `prerendered ${count} pages, drew ${images.length} PNG pictures, compressed ${compressed} files in ${Date.now() - started} ms`,
        );
      } finally {
        if (!process.env.HOMESAFE_PRERENDER_KEEP)
          rmSync(cacheDir, { recursive: true, force: true });
      }
    },
  };
}

function firstHero(page: Page | undefined): HeroProps | undefined {
  return page?.sections.find((section): section is HeroBlock => section.type === 'hero')?.props;
}

async function prerender(
  entry: EntryModule,
  outDir: string,
  chunks: Map<string, ChunkInfo>,
): Promise<number> {
  const template = readFileSync(join(outDir, 'index.html'), 'utf8');

  const cssHref = /<link\s+rel="stylesheet"[^>]*href="([^"]+\.css)"/.exec(template)?.[1];
  if (!cssHref) throw new Error('The built index.html links no stylesheet to inline');
  const css = readFileSync(join(outDir, cssHref), 'utf8');
  const fonts = latinFontFiles(css);

  const entryChunk = [...chunks.values()].find((chunk) => chunk.isAppEntry);
  const claimOfferChunk = [...chunks.values()].find((chunk) =>
    chunk.facadeModuleId?.endsWith(claimOfferModule),
  );
  // The entry starts the app in stages, each a dynamic import (src/main.tsx): every page loads
  // them all, so they count as the entry's, and the page preloads what the entry itself does not
  // name (Vite's own modulepreloads cover the entry's static imports).
  const entryStatic = entryChunk ? staticClosure(chunks, entryChunk.fileName) : new Set<string>();
  const stageChunks = new Set(
    (entryChunk?.dynamicImports ?? [])
      .filter((fileName) => {
        const facade = chunks.get(fileName)?.facadeModuleId;
        return !afterInteractiveModules.some((module) => facade?.endsWith(module));
      })
      .flatMap((fileName) => [...staticClosure(chunks, fileName)])
      .filter((fileName) => !entryStatic.has(fileName)),
  );
  const loadedByEntry = new Set([...entryStatic, ...stageChunks]);
  const stagePreloads = [...stageChunks].map((fileName) => `/${fileName}`);
  // The shell (a page the browser renders itself) starts the app at once, with the same chunks
  // fetched side by side (src/app/preloadStart.ts).
  for (const language of languages)
    writeFileSync(
      join(outDir, shellFile(language)),
      shellDocument(template, language, documentWords[language].description, stagePreloads, {
        iconHref: builtIconHref(faviconSource(entry.site)),
      }),
    );
  // What a claim-offer page runs at once: its route's chunk (so the page names every script of
  // its first load, which the byte budgets count).
  const claimOfferPreloads = (
    claimOfferChunk ? [...staticClosure(chunks, claimOfferChunk.fileName)] : []
  )
    .filter((fileName) => !loadedByEntry.has(fileName))
    .map((fileName) => `/${fileName}`);

  // Minified: every page downloads it first (html.ts keeps it readable, comments and all).
  const minified = minifySync('boot.js', bootScript());
  if (minified.errors.length > 0) throw new Error('The boot script does not minify');
  const boot = minified.code;
  const bootHref = `/assets/boot-${createHash('sha256').update(boot).digest('hex').slice(0, 8)}.js`;
  writeFileSync(join(outDir, bootHref), boot);

  const baseUrl = process.env.PUBLIC_BASE_URL?.replace(/\/+$/, '');
  const absolute = (path: string) => (baseUrl ? `${baseUrl}${path}` : path);

  const { site } = entry;
  const pages = pagesToPrerender(entry.partners);
  // The consent notice of a partner with tags (its own or the site's): shown on arrival when the
  // partner asks first, else hidden until the footer's "Cookie choices" opens it.
  const privacyHref = site.footer.links.find((link) => /privacy/i.test(link.label))?.href;
  // It is written in the page's language.
  const consentNotice = async (partner: PartnerConfig, language: Language) => {
    const tags = partnerTags(partner.measurement, entry.siteTags);
    return hasAnyTag(tags)
      ? consentNoticeHtml({
          partnerName: partner.name,
          tags,
          ask: partner.measurement?.askConsent === true,
          privacyHref,
          words: await entry.noticeWordsIn(language),
        })
      : undefined;
  };
  let written = 0;
  for (const page of pages) {
    // The page as written (its control), then each variant of its experiment, each a page of its
    // own beside it (<page>/_v/<variant>/index.html) that the server hands to that variant's
    // visitors (server/experiments/): no version is ever swapped in the browser.
    const source = entry.partners.find((partner) => partner.id === page.partner);
    const versions = [
      undefined,
      ...(source?.pages[page.pageKey]?.experiment?.variants ?? []).map((variant) => variant.id),
    ];
    for (const versionId of versions) {
      const rendered = await entry.renderPage({
        path: page.path,
        hostname: page.hostname,
        language: page.language,
        ...(versionId ? { version: { pageKey: page.pageKey, id: versionId } } : {}),
      });
      const file = versionId ? variantFile(page.file, versionId) : page.file;
      // The partner data a long page names instead of embedding: the partner's own file for the
      // control, a file of the version's own for a variant (written only when named).
      const dataHref = versionId
        ? variantPartnerDataPath(page.partner, page.pageKey, versionId, page.language)
        : partnerDataPath(rendered.partner.id, page.language);
      const head = headFor(page, rendered);
      const notice = await consentNotice(rendered.partner, page.language);
      // A page with an experiment says which version it is (the analytics events carry it).
      const shown = {
        // Another language's page embeds its partner in that language (src/partner/).
        ...(page.language === 'en' ? {} : { language: page.language }),
        ...(versions.length > 1
          ? { version: { page: page.pageKey, id: versionId ?? CONTROL } }
          : {}),
        // The partner's pages with an experiment: the app asks the server for the visitor's
        // version of one it opens itself, and loads another from the server (src/partner/).
        ...(source && experimentPages(source).length > 0
          ? { experiments: experimentPages(source) }
          : {}),
      };
      // No block's code: static blocks stay prerendered HTML in the browser, and interactive ones
      // fetch theirs once they near the viewport (src/blocks/islands.ts).
      // The rendered HTML holds URL-driven copy's defaults between markers (src/config/
      // dynamicText.ts): the page is written without them, and a page that has any gets a template
      // beside it that the server fills from a visitor's query.
      // Only the stylesheet's rules this page's HTML uses (usedCss.ts); the app links the rest.
      const pageCss = await usedCss(css, (notice ?? '') + rendered.html);
      const pageDocument = (embedded: unknown) =>
        renderDocument(
          template,
          pageCss,
          { ...head, stylesheetHref: cssHref },
          {
            html: rendered.html,
            prerenderHost: page.hostname,
            embedded,
            ...(notice ? { beforeRoot: notice } : {}),
            // The offer gate follows the visitor's clock (src/ui/OfferGate/).
            startsAtLoad: rendered.partner.offer.schedule !== undefined,
          },
        );
      const embeddedData = {
        partner: rendered.partner,
        host: page.hostname,
        ...shown,
      } satisfies EmbeddedPartner;
      const referenceData = {
        href: dataHref,
        host: page.hostname,
        ...shown,
      } satisfies PartnerReference;
      const { html, referenced, bytes } = choosePartnerData(
        (embedded) => stripMarkers(pageDocument(embedded)),
        embeddedData,
        referenceData,
      );
      if (hasMarkerCharacters(html)) {
        throw new Error(
          `prerender: ${page.path} shows a {{placeholder}} that a block split or changed, so the server could not fill it; render the prop as one piece of text`,
        );
      }
      if (referenced) {
        console.log(
          `prerender: ${page.path}${page.hostname ? ` (${page.hostname})` : ''}${versionId ? ` variant ${versionId}` : ''} names its partner's file instead of embedding it (${bytes} B brotli; ${FIRST_FLIGHT_BYTES} B fit the first round trip)`,
        );
      }
      // A variant's own partner file: named by a long page, and fetched by the app for a page it
      // opens itself (each host page writes the same file again).
      if (versionId && (referenced || inAppPages.has(page.pageKey))) {
        const dataFile = join(outDir, dataHref);
        mkdirSync(dirname(dataFile), { recursive: true });
        writeFileSync(dataFile, JSON.stringify(rendered.partner));
      }
      mkdirSync(dirname(join(outDir, file)), { recursive: true });
      writeFileSync(join(outDir, file), html);
      const marked = pageDocument(referenced ? referenceData : embeddedData);
      if (marked !== html) writeFileSync(join(outDir, templateFile(file)), marked);
      written += 1;
    }
  }
  for (const line of scheduleReport(entry.partners, Date.now())) console.log(`schedule: ${line}`);

  /** A page's address as search engines should know it: on its host, or under the base URL. */
  function addressOf(page: PrerenderPage) {
    return page.hostname ? `https://${page.hostname}${page.path}` : absolute(page.path);
  }

  /** A page's address with its language segment taken out: the same for each of its languages. */
  function englishPath(page: PrerenderPage) {
    return page.language === 'en'
      ? page.path
      : page.path.replace(new RegExp(`/${page.language}(?=/|$)`), '') || '/';
  }

  /** The same page in each of the partner's languages (issue 37): English is the x-default. */
  function alternatesOf(page: PrerenderPage): PageHead['alternates'] {
    const versions = pages.filter(
      (other) =>
        other.partner === page.partner &&
        other.hostname === page.hostname &&
        englishPath(other) === englishPath(page),
    );
    if (versions.length < 2) return [];
    const english = versions.find((other) => other.language === 'en');
    return [
      ...versions.map((other) => ({ hreflang: other.language, href: addressOf(other) })),
      ...(english ? [{ hreflang: 'x-default', href: addressOf(english) }] : []),
    ];
  }

  function headFor(page: PrerenderPage, rendered: RenderedPage): PageHead {
    const { partner } = rendered;
    const own = partner.pages[page.pageKey];
    const opensWithHero = own?.sections[0]?.type === 'hero' ? firstHero(own) : undefined;
    // A campaign page shares its partner's landing card (its own title is in og:title).
    const cardPage = page.kind === 'campaign' ? 'landing' : page.kind;
    return {
      title:
        page.kind === 'campaign' && own?.title ? `${own.title} | ${partner.name}` : rendered.title,
      description:
        (page.kind === 'campaign' ? own?.description : undefined) ??
        partner.meta?.description ??
        documentWords[page.language].description,
      faviconHref: builtIconHref(faviconSource(site, partner), partner.id),
      ogImage: {
        url: absolute(shareCardPath(partner.id, cardPage)),
        ...shareCardSize,
        alt: shareCardContent(partner, site, cardPage).alt,
      },
      ...(baseUrl && page.hostname === '' ? { ogUrl: absolute(page.path) } : {}),
      // A page that opens with a hero preloads its picture (phones get the portrait one).
      images: opensWithHero
        ? [
            {
              href: opensWithHero.mobileBg,
              srcset: pictureSrcSet(opensWithHero.mobileBg),
              media: '(max-width: 767.98px)',
            },
            {
              href: opensWithHero.desktopBg,
              srcset: pictureSrcSet(opensWithHero.desktopBg),
              media: '(min-width: 768px)',
            },
          ]
        : [],
      fonts,
      modulePreloads: [...stagePreloads, ...(page.kind === 'claimOffer' ? claimOfferPreloads : [])],
      bootHref,
      lang: page.language,
      canonical: addressOf(page),
      alternates: alternatesOf(page),
    };
  }

  if (!existsSync(join(outDir, 'index.html'))) throw new Error('prerender wrote no index.html');
  return written;
}
