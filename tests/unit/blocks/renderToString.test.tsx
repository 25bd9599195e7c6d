import { existsSync } from 'node:fs';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../../src/app/routes.tsx';
import { partnerDirectory, partners, site } from '../../../src/config/partners.ts';
import { directoryCatalog, PartnerCatalogContext } from '../../../src/partner/PartnerCatalog.ts';
import { preloadBlocks, registeredBlockTypes } from '../../../src/blocks/registry.ts';
import { BlockRenderer } from '../../../src/blocks/BlockRenderer.tsx';
import { SignupHandlerContext } from '../../../src/blocks/signupHandler.ts';
import { ServicesProvider } from '../../../src/services/services.tsx';
import { fakeServices } from '../../support/fakeServices.ts';

/**
 * Partner pages are prerendered (src/entry-server.tsx), so every section must render on the
 * server. What each block shows is asserted by its folder's own test
 * (src/blocks/<Block>/<Block>.test.tsx, sharing tests/support/renderBlock.tsx); here, every
 * registered block has that test, and every section of every partner's pages renders.
 */
const blocksDir = new URL('../../../src/blocks/', import.meta.url).pathname;
const folderOf = (type: string) => type.charAt(0).toUpperCase() + type.slice(1);

// As the prerender does: every block's chunk is loaded before anything renders.
beforeAll(() => preloadBlocks(registeredBlockTypes));

async function renderStatic(node: ReactNode): Promise<string> {
  const { prelude } = await prerender(node, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  return new Response(prelude).text();
}

describe.each(registeredBlockTypes.map((type) => [type] as const))('the %s block', (type) => {
  it('has its own render test in its folder', () => {
    expect(existsSync(`${blocksDir}${folderOf(type)}/${folderOf(type)}.test.tsx`)).toBe(true);
  });

  it.each(
    partners.flatMap((partner) =>
      Object.entries(partner.pages).flatMap(([pageKey, page]) =>
        page.sections
          .filter((section) => section.type === type)
          .map(
            (section) =>
              [`${partner.id} ${pageKey} ${section.id}`, section, page, partner] as const,
          ),
      ),
    ),
  )('renders %s', async (_name, section, page, partner) => {
    const errors: unknown[] = [];
    const { prelude } = await prerender(
      <MemoryRouter>
        <SignupHandlerContext.Provider value={async () => undefined}>
          <BlockRenderer section={section} page={page} partner={partner} site={site} />
        </SignupHandlerContext.Provider>
      </MemoryRouter>,
      {
        onError: (error) => void errors.push(error),
        progressiveChunkSize: Number.POSITIVE_INFINITY,
      },
    );
    expect(errors).toEqual([]);
    expect(await new Response(prelude).text()).toMatch(/^<\w/);
  });
});

describe('whole landing pages render to a string through the router', () => {
  const renderPath = (path: string) =>
    renderToString(
      <ServicesProvider services={fakeServices()}>
        <PartnerCatalogContext.Provider value={directoryCatalog(partnerDirectory)}>
          <RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />
        </PartnerCatalogContext.Provider>
      </ServicesProvider>,
    );

  it.each(partners.map((p) => [p.id, p] as const))(
    '/%s has its sections in order',
    (id, partner) => {
      const html = renderPath(`/${id}`);
      expect(html).toContain(`data-partner="${id}"`);
      const positions = partner.pages.landing.sections.map((section) => {
        // Each section's own heading id (or the footer element) marks where it starts.
        const marker = section.type === 'footer' ? '<footer' : `id="${section.id}`;
        return html.indexOf(marker);
      });
      expect(positions.every((p) => p >= 0)).toBe(true);
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    },
  );

  it("block buttons lead to the form and to the partner's other pages, under its address", async () => {
    const landing = renderPath('/showcase');
    // The landing page's own form, and the campaign page by its slug.
    expect(landing).toMatch(/href="#get-the-scan"[^>]*>Get my scan at 50% off</);
    expect(landing).toMatch(/href="\/showcase\/spring-offer"[^>]*>See the spring offer</);
    // The campaign page is its own chunk: rendered as the prerender does, waiting for it.
    const spring = await renderStatic(
      <ServicesProvider services={fakeServices()}>
        <PartnerCatalogContext.Provider value={directoryCatalog(partnerDirectory)}>
          <RouterProvider
            router={createMemoryRouter(routes, { initialEntries: ['/showcase/spring-offer'] })}
          />
        </PartnerCatalogContext.Provider>
      </ServicesProvider>,
    );
    expect(spring).toContain('Spring into a safer home');
    expect(spring).toMatch(/href="#get-the-scan"[^>]*>Go to the form</);
    expect(spring).toMatch(/href="\/showcase"[^>]*>Back to the home page</);
  });

  it('puts each block in a Suspense boundary of its own, so hydration can take them one by one', () => {
    const demo = partners.find((p) => p.id === 'demo')!;
    const html = renderPath('/demo');
    // React marks a rendered Suspense boundary with <!--$--> ... <!--/$-->.
    const boundaries = html.match(/<!--\$-->/g) ?? [];
    expect(boundaries.length).toBeGreaterThanOrEqual(demo.pages.landing.sections.length);
    for (const section of demo.pages.landing.sections) {
      const start =
        section.type === 'footer' ? html.indexOf('<footer') : html.indexOf(`id="${section.id}`);
      // The nearest boundary marker before the block opens is not yet closed.
      const before = html.slice(0, start);
      expect(before.lastIndexOf('<!--$-->')).toBeGreaterThan(before.lastIndexOf('<!--/$-->'));
    }
  });

  it('a page keeps one h1 when it lists a second hero', () => {
    const html = renderPath('/showcase');
    expect(html.match(/<h1/g)).toHaveLength(1);
    expect(html).toMatch(/<h2 id="visit-hero-title"/);
  });

  it('only the retailer lists the retailer block', () => {
    expect(renderPath('/lowes')).toContain('retailer-title');
    for (const id of ['default', 'demo', 'cor-freedom'])
      expect(renderPath(`/${id}`)).not.toContain('retailer-title');
  });

  it('an unknown partner id renders the default partner', () => {
    expect(renderPath('/acme')).toContain('data-partner="default"');
    expect(renderPath('/')).toContain('data-partner="default"');
  });
});
