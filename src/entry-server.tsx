import { prerender } from 'react-dom/static';
import { matchRoutes, StaticRouter } from 'react-router-dom';
import { AppFrame, AppRoutes } from './app/App.tsx';
import { routes } from './app/routes.tsx';
import type { PartnerConfig } from './config/generated/partner.ts';
import { partnerDirectory, partners, site } from './config/partners.ts';
import { pageTitle, resolvePartner } from './config/resolvePartner.ts';
import { preloadBlocks, registeredBlockTypes } from './blocks/registry.ts';
import type { PartnerCatalog } from './partner/PartnerCatalog.ts';
import { CONTROL } from './config/experiments.ts';
import { partnerAsShown } from './config/partnerAsShown.ts';
import { defaultServices } from './services/services.tsx';
import { asMarkers } from './config/dynamicText.ts';
import { siteWideTags } from './config/tagRules.ts';
import { partnerInLanguage } from './config/translations.ts';
import { defaultLanguage, type Language } from './i18n/languages.ts';

/*
 * The prerender's entry (built by tools/prerender/ with `vite build --ssr`): renders one address
 * of the app to HTML, exactly as the browser will hydrate it. `prerender` waits for every lazy
 * part (the claim-offer chunk, the signup form) so the HTML is complete.
 */
export { partners, site };

/** The build's site-wide Google ids, for the consent notice (tools/prerender/plugin.ts). */
export const siteTags = siteWideTags(import.meta.env);

/** The consent notice's words in a page's language, compiled like the app's (tools/prerender/plugin.ts). */
export { noticeWordsIn } from './services/consent/noticeWords.ts';

export interface RenderRequest {
  /** Path with the leading slash: "/", "/demo", "/demo/claim-offer". */
  path: string;
  /** '' for a route page; a partner's host for the pages served to that host. */
  hostname: string;
  /** One version of one of the partner's pages (src/config/experiments.ts); the control when absent. */
  version?: { pageKey: string; id: string };
  /** The page's language, which its path says too (/demo/es); English when absent. */
  language?: Language;
}

export interface RenderedPage {
  html: string;
  /** The partner as the page shows it: in the page's language, without translations. */
  partner: PartnerConfig;
  title: string;
}

/** Every block is loaded before rendering: the prerender never suspends on a block's chunk. */
const blocksReady = preloadBlocks(registeredBlockTypes);

async function streamToString(stream: ReadableStream<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let html = '';
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) {
    html += decoder.decode(chunk, { stream: true });
  }
  return html + decoder.decode();
}

export async function renderPage({
  path,
  hostname,
  version,
  language = defaultLanguage,
}: RenderRequest): Promise<RenderedPage> {
  // The partner the layout route will pick: host name first, then the :clientId of the route.
  const clientId = matchRoutes(routes, path)?.find((match) => match.params.clientId)?.params
    .clientId;
  const found = resolvePartner(partnerDirectory, { hostname, clientId }).partner;
  // What the page shows and embeds: the version asked for (the control when none), without any
  // experiment (the browser never needs the other versions). URL-driven copy stays unfilled: the
  // page renders it between markers (fillText below) for the server's templates.
  const partner = partnerAsShown(partnerInLanguage(found, language), {
    page: version?.pageKey ?? 'landing',
    version: version?.id ?? CONTROL,
    query: null,
  });
  const catalog: PartnerCatalog = {
    resolve: (request) => {
      const resolved = resolvePartner(partnerDirectory, request).partner;
      const sameLanguage = (request.language ?? defaultLanguage) === language;
      return resolved.id === partner.id && sameLanguage
        ? partner
        : partnerInLanguage(resolved, request.language ?? defaultLanguage);
    },
  };
  await blocksReady;
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    // URL-driven copy renders its defaults between markers: the build writes the page without them
    // and a template with them, which the server fills for a visitor's query.
    <AppFrame
      services={defaultServices()}
      catalog={catalog}
      prerenderHost={hostname}
      fillText={asMarkers}
    >
      <StaticRouter location={path}>
        <AppRoutes />
      </StaticRouter>
    </AppFrame>,
    {
      onError: (error) => void errors.push(error),
      // Every boundary inline, in place: no streaming scripts, valid for a CSP without inline code.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  const html = await streamToString(prelude);
  if (errors.length > 0)
    throw errors[0] instanceof Error ? errors[0] : new Error(String(errors[0]));
  return { html, partner, title: pageTitle(partner, site.product) };
}
