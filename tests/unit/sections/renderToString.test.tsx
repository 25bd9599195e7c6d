import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../../src/app/routes.tsx';
import { partnerDirectory, partners, site } from '../../../src/config/partners.ts';
import { directoryCatalog, PartnerCatalogContext } from '../../../src/partner/PartnerCatalog.ts';
import { defaultTestimonialsTitle } from '../../../src/config/constants.ts';
import type { BlockAction, PartnerConfig, Section } from '../../../src/config/generated/partner.ts';
import { preloadSections, registeredSectionTypes } from '../../../src/sections/registry.ts';
import { SectionRenderer } from '../../../src/sections/SectionRenderer.tsx';
import { SignupHandlerContext } from '../../../src/sections/signupHandler.ts';
import { ServicesProvider } from '../../../src/services/services.tsx';
import { fakeServices } from '../../support/fakeServices.ts';

/**
 * Partner pages are prerendered (src/entry-server.tsx), so every section must render on the
 * server, lazily loaded parts (the signup form) included: rendered the way the prerender does,
 * waiting for them.
 */
const noSignup = async () => undefined;

// As the prerender does: every block's chunk is loaded before anything renders.
beforeAll(() => preloadSections(registeredSectionTypes));

async function renderStatic(node: ReactNode): Promise<string> {
  const { prelude } = await prerender(node, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  return new Response(prelude).text();
}

function renderSection(partnerId: string, section: Section): Promise<string> {
  const partner = partners.find((p) => p.id === partnerId)!;
  const page = partner.pages.landing;
  return renderStatic(
    <SignupHandlerContext.Provider value={noSignup}>
      <SectionRenderer section={section} page={page} partner={partner} site={site} />
    </SignupHandlerContext.Provider>,
  );
}

const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');

/** Where a block's button must lead on a landing page rendered without a partner in the path. */
function expectedHref(partner: PartnerConfig, action: BlockAction): string {
  if ('scrollToForm' in action) return '#get-the-scan';
  if (action.page === 'landing') return '/';
  return `/${partner.pages[action.page]!.slug}`;
}

describe.each(partners.map((p) => [p.id, p] as const))(
  '%s sections render to a string',
  (_id, partner) => {
    it.each(partner.pages.landing.sections.map((s) => [s.id, s] as const))(
      '%s',
      async (_id, section) => {
        const html = await renderSection(partner.id, section);
        const visible = text(html);
        switch (section.type) {
          case 'hero':
            expect(visible).toContain(section.props.title);
            expect(visible).toContain(section.props.subtitle);
            expect(html).toContain(`srcSet="${section.props.desktopBg}"`);
            expect(html).toContain(`src="${section.props.mobileBg}"`);
            // The page's first hero holds its one h1; a later one is titled by an h2.
            expect(html).toMatch(
              partner.pages.landing.sections.find((s) => s.type === 'hero') === section
                ? /<h1[^>]*>/
                : /<h2[^>]*>/,
            );
            break;
          case 'eachAssessment':
            for (const bullet of section.props.bullets) expect(visible).toContain(bullet);
            expect(visible).toContain(section.props.bannerText);
            break;
          case 'howItWorks':
            expect(html.match(/<li/g)).toHaveLength(3);
            section.props.cards.forEach((card, i) =>
              expect(visible).toContain(`Step ${i + 1}: ${card.title}`),
            );
            break;
          case 'testimonials':
            expect(visible).toContain(section.props.title ?? defaultTestimonialsTitle);
            for (const t of section.props.items) {
              expect(visible).toContain(t.author);
              expect(visible).toContain(t.position);
            }
            expect(visible).toMatch(/Play|Pause/);
            break;
          case 'getTheScan':
            expect(html).toContain(`id="${section.id}"`);
            for (const bullet of section.props.bullets) expect(visible).toContain(bullet);
            expect(visible).toContain(partner.form.headerText);
            expect(visible).toContain(partner.form.ctaText);
            for (const field of partner.form.fields) expect(html).toContain(`${field.name}`);
            break;
          case 'footer':
            expect(visible).toContain(`© ${site.copyrightYear}`);
            for (const link of site.footer.links) expect(visible).toContain(link.label);
            expect(html.match(/aria-label="HomeSafe Scan on /g)).toHaveLength(
              site.footer.social.length,
            );
            break;
          case 'retailer':
            expect(['lowes', 'showcase']).toContain(partner.id);
            expect(visible).toContain(section.props.title);
            for (const bullet of section.props.bullets) expect(visible).toContain(bullet);
            break;
          case 'richText':
            if (section.props.title)
              expect(html).toMatch(new RegExp(`<h2[^>]*>${section.props.title}`));
            // Cleaned when the file was loaded; rendered as is.
            expect(html).toContain(section.props.bodyHtml);
            expect(visible).toContain(text(section.props.bodyHtml).trim());
            break;
          case 'imageText': {
            const { props } = section;
            expect(html).toMatch(new RegExp(`<h2[^>]*>${props.title}`));
            expect(html).toContain(props.bodyHtml);
            expect(html).toContain(`src="${props.image}"`);
            expect(html).toContain(`alt="${props.imageAlt ?? ''}"`);
            expect(html).toContain(`data-side="${props.imageSide}"`);
            if (props.button) {
              expect(visible).toContain(props.button.text);
              expect(html).toContain(`href="${expectedHref(partner, props.button.action)}"`);
            }
            break;
          }
          case 'ctaBanner':
            expect(html).toMatch(new RegExp(`<h2[^>]*>${section.props.title}`));
            if (section.props.text) expect(visible).toContain(section.props.text);
            expect(html).toMatch(
              new RegExp(
                `href="${expectedHref(partner, section.props.action)}"[^>]*>${section.props.buttonText}</a>`,
              ),
            );
            break;
          case 'faq':
            expect(html).toMatch(new RegExp(`<h2[^>]*>${section.props.title}`));
            for (const item of section.props.items) {
              // Each question is a button inside an h3; each answer is in the HTML, hidden while closed.
              expect(html).toMatch(
                new RegExp(
                  `<h3[^>]*><button[^>]*aria-expanded="false"[^>]*><span>${item.question}`,
                ),
              );
              expect(html).toContain(item.answerHtml);
            }
            expect(html.match(/<div data-state="closed"[^>]*role="region"/g)).toHaveLength(
              section.props.items.length,
            );
            break;
          case 'stats':
            expect(html.match(/<li/g)).toHaveLength(section.props.items.length);
            for (const item of section.props.items)
              expect(visible).toContain(`${item.value} ${item.label}`);
            expect(html.match(/<svg/g) ?? []).toHaveLength(
              section.props.items.filter((item) => item.icon).length,
            );
            break;
          default:
            throw new Error(`no assertion for section ${section.type}`);
        }
      },
    );
  },
);

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
