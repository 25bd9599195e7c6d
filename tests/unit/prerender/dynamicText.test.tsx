import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppFrame, AppRoutes } from '../../../src/app/App.tsx';
import {
  asMarkers,
  fromQuery,
  stripMarkers,
  templateFile,
  withDefaults,
  type FillPlaceholder,
} from '../../../src/config/dynamicText.ts';
import type { PartnerConfig, Block } from '../../../src/config/generated/partner.ts';
import { partners } from '../../../src/config/partners.ts';
import { preloadBlocks, registeredBlockTypes } from '../../../src/blocks/registry.ts';
import { loadPageTemplates } from '../../../server/routes/pageTemplates.ts';
import { fakeServices } from '../../support/fakeServices.ts';

/*
 * The promise hydration relies on: the page the server fills from its template for a query is
 * the page the browser renders from that same query. The app is rendered as the prerender renders
 * it (src/entry-server.tsx) with markers, the template filled by the server's own code, and both
 * compared with the app rendered from the query, as the browser hydrates it. Placeholders sit in a
 * static block's heading (showcase's campaign hero, as the file has it), an attribute (a
 * picture's alt text) and an interactive block (an FAQ question).
 */
beforeAll(() => preloadBlocks(registeredBlockTypes));

const path = '/showcase/spring-offer';
const showcase = partners.find((partner) => partner.id === 'showcase') as PartnerConfig;

function withPlaceholders(partner: PartnerConfig): PartnerConfig {
  const page = partner.pages.springOffer;
  if (!page) throw new Error('showcase has no springOffer page');
  const sections = page.sections.map((section): Block => {
    if (section.type === 'imageText')
      return { ...section, props: { ...section.props, imageAlt: 'A {{utm_term | "home"}} path' } };
    if (section.type === 'faq') {
      const [first, ...rest] = section.props.items;
      return {
        ...section,
        props: {
          ...section.props,
          items: [{ ...first, question: 'Who in {{city | "your town"}} can get it?' }, ...rest],
        },
      };
    }
    return section;
  });
  return {
    ...partner,
    pages: {
      ...partner.pages,
      springOffer: { ...page, sections: sections as typeof page.sections },
    },
  };
}

const partner = withPlaceholders(showcase);

async function render(fill: FillPlaceholder): Promise<string> {
  const { prelude } = await prerender(
    <AppFrame
      services={fakeServices()}
      catalog={{ resolve: () => partner }}
      prerenderHost=""
      fillText={fill}
    >
      <StaticRouter location={path}>
        <AppRoutes />
      </StaticRouter>
    </AppFrame>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}

/** React writes an apostrophe as &#x27;, the server's escape as &#39;: the same character. */
const sameEntities = (html: string) => html.replaceAll('&#39;', '&#x27;');

describe('URL-driven copy through the prerender, the server and hydration', () => {
  const site = mkdtempSync(join(tmpdir(), 'homesafe-dynamic-text-'));
  let marked = '';
  let templates: ReturnType<typeof loadPageTemplates>;
  beforeAll(async () => {
    marked = await render(asMarkers);
    const file = join(site, templateFile('showcase/spring-offer/index.html'));
    mkdirSync(join(site, 'showcase/spring-offer'), { recursive: true });
    writeFileSync(file, marked);
    templates = loadPageTemplates(site, ['showcase/spring-offer']);
  });
  afterAll(() => rmSync(site, { recursive: true, force: true }));

  it('marks the defaults in text, in attributes and in interactive blocks alike', () => {
    expect(marked).toContain('Spring into a safer \ue000utm_term\ue001home\ue002</h1>');
    expect(marked).toContain('alt="A \ue000utm_term\ue001home\ue002 path"');
    expect(marked).toContain('Who in \ue000city\ue001your town\ue002 can get it?');
  });

  it('builds, without the markers, exactly the page of the defaults', async () => {
    expect(stripMarkers(marked)).toBe(await render(withDefaults));
    expect(stripMarkers(marked)).toContain('Spring into a safer home</h1>');
  });

  it.each([
    ['?utm_term=kitchen', 'kitchen'],
    ['?city=Springfield&utm_term=back+porch&utm_source=mail', 'back porch'],
    [
      `?utm_term=${encodeURIComponent(`Tom's "den" & <script>alert(1)</script> ${'x'.repeat(80)}`)}`,
      // Capped at 60 characters: the 40 before the x's and 20 of them.
      `Tom&#x27;s &quot;den&quot; &amp; &lt;script&gt;alert(1)&lt;/script&gt; ${'x'.repeat(20)}`,
    ],
  ])(
    'fills the template for %s as the browser renders it from the same query',
    async (query, shown) => {
      const filled = templates.fill('showcase/spring-offer', `${path}${query}`, undefined);
      if (!filled) throw new Error('the template was not filled');
      const html = sameEntities(filled.body.toString('utf8'));
      expect(html).toBe(sameEntities(await render(fromQuery(query))));
      expect(html).toContain(`Spring into a safer ${shown}</h1>`);
      expect(html).not.toContain('<script>alert');
    },
  );

  it('leaves a request without a value for the page to its static file', () => {
    for (const query of ['', '?utm_term=', '?utm_source=mail', '?utm_term=%00%20'])
      expect(templates.fill('showcase/spring-offer', `${path}${query}`, 'br'), query).toBe(
        undefined,
      );
    expect(templates.fill('showcase', '/showcase?utm_term=kitchen', 'br')).toBe(undefined);
  });
});
