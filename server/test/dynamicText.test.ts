import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asMarkers, fillText, stripMarkers, templateFile } from '../../src/config/dynamicText.ts';
import { loadConfig } from '../../src/config/node/loadConfig.ts';
import { shareCardContent } from '../../src/config/shareCardContent.ts';
import { PROJECT_ROOT } from '../app.ts';
import { renderInstructionsEmail } from '../email/instructionsEmail.ts';
import { chooseEncoding } from '../site/pageTemplates.ts';
import { startServer, tempDir, type TestServer } from './helpers.ts';

/*
 * URL-driven copy on the server (server/site/pageTemplates.ts), on a fake build laid out as the
 * prerender writes it: a page with placeholders has its index.html (the defaults) and an
 * index.template.html beside it (the defaults between markers), its variants theirs under _v/.
 * The partner files are the project's: showcase's landing page has the variant "fewer-falls".
 */
const heading = 'Spring into a safer {{utm_term | "home"}}';
const alt = 'A {{utm_term | "home"}} in {{city | "your town"}}';

function pageFiles(title: string) {
  const marked = `<!doctype html><title>${title}</title><h1>${fillText(heading, asMarkers)}</h1><img alt="${fillText(alt, asMarkers)}"><script type="application/json" id="partner-data">{"title":"${heading.replaceAll('"', '\\"')}"}</script>`;
  return { template: marked, page: stripMarkers(marked) };
}

describe('pages filled from the query of their address', () => {
  const site = tempDir('homesafe-dynamic-text-');
  let server: TestServer;
  const write = (dir: string, title: string) => {
    const { template, page } = pageFiles(title);
    mkdirSync(join(site.dir, dir), { recursive: true });
    writeFileSync(join(site.dir, dir, 'index.html'), page);
    writeFileSync(join(site.dir, templateFile(join(dir, 'index.html'))), template);
  };
  beforeAll(async () => {
    write('showcase/spring-offer', 'spring offer');
    write('showcase', 'showcase control');
    write('showcase/_v/fewer-falls', 'showcase fewer falls');
    // A page without placeholders has no template.
    mkdirSync(join(site.dir, 'demo'), { recursive: true });
    writeFileSync(join(site.dir, 'demo', 'index.html'), '<title>demo landing</title>');
    writeFileSync(join(site.dir, 'app-shell.html'), '<title>app shell</title>');
    server = await startServer({ build: { staticDir: site.dir } });
  });
  afterAll(async () => {
    await server.close();
    site.remove();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'GET', url, headers: { host: '127.0.0.1', ...headers } });

  it("puts the parameter's value in the text and in attributes, as a page with the page's headers", async () => {
    const response = await get('/showcase/spring-offer?utm_term=kitchen&city=Springfield');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>spring offer</title>');
    expect(response.body).toContain('<h1>Spring into a safer kitchen</h1>');
    expect(response.body).toContain('<img alt="A kitchen in Springfield">');
    // The browser's partner data keeps the placeholder: the app fills it from the same query.
    expect(response.body).toContain('{"title":"Spring into a safer {{utm_term | \\"home\\"}}"}');
    expect(response.body).not.toMatch(/[\ue000-\ue002]/);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers.vary).toContain('accept-encoding');
  });

  it('escapes a value and cuts it to 60 characters, wherever it lands', async () => {
    const value = `"><script>alert('x')</script> ${'y'.repeat(100)}`;
    const response = await get(`/showcase/spring-offer?utm_term=${encodeURIComponent(value)}`);
    // 30 characters before the y's, 30 of them: 60 in all.
    const shown = `&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; ${'y'.repeat(30)}`;
    expect(response.body).toContain(`<h1>Spring into a safer ${shown}</h1>`);
    expect(response.body).toContain(`<img alt="A ${shown} in your town">`);
    expect(response.body).not.toContain('<script>alert');
    expect(response.body.match(/<script/g)).toHaveLength(1);
  });

  it('sends the static page, with the defaults, when the query gives none of its parameters a value', async () => {
    for (const url of [
      '/showcase/spring-offer',
      '/showcase/spring-offer?utm_source=mail',
      '/showcase/spring-offer?utm_term=',
      '/showcase/spring-offer?utm_term=%20%0A%00',
    ]) {
      const response = await get(url, { 'accept-encoding': 'gzip' });
      const body =
        response.headers['content-encoding'] === 'gzip'
          ? gunzipSync(response.rawPayload).toString('utf8')
          : response.body;
      expect(body, url).toContain('<h1>Spring into a safer home</h1>');
      expect(body, url).toContain('<img alt="A home in your town">');
    }
    // A page without a template ignores the query.
    expect((await get('/demo?utm_term=kitchen')).body).toBe('<title>demo landing</title>');
  });

  it('fills the version of the page the visitor gets', async () => {
    const response = await get('/showcase?variant=fewer-falls&utm_term=porch');
    expect(response.body).toContain('<title>showcase fewer falls</title>');
    expect(response.body).toContain('<h1>Spring into a safer porch</h1>');
    expect(response.headers['cache-control']).toBe('no-store');
    // A visitor put in a version by cookie: the answer varies with both.
    const visitor = await get('/showcase?utm_term=porch', {
      'user-agent': 'Mozilla/5.0 Firefox/128.0',
    });
    expect(visitor.body).toContain('<h1>Spring into a safer porch</h1>');
    expect(visitor.headers.vary).toBe('cookie, accept-encoding');
    expect(visitor.headers['cache-control']).toBe('private, no-cache');
  });

  it('compresses a filled page as the browser accepts', async () => {
    const url = '/showcase/spring-offer?utm_term=garage';
    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toContain(
      '<h1>Spring into a safer garage</h1>',
    );
    const gzip = await get(url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toContain('safer garage');
    expect(chooseEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(chooseEncoding('identity')).toBe(undefined);
  });

  it('never serves a template as it is', async () => {
    for (const url of [
      '/showcase/spring-offer/index.template.html',
      '/showcase/_v/fewer-falls/index.template.html',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toMatch(/[\ue000-\ue002]/);
    }
  });
});

describe('copy that is not read at an address', () => {
  it('the instructions email and the share card show the defaults, never a placeholder', () => {
    const { partners, site } = loadConfig({ root: PROJECT_ROOT });
    const partner = partners.find((p) => p.id === 'demo');
    if (!partner || !site) throw new Error('the project has no demo partner or site file');
    const sections = partner.pages.landing.sections.map((section) => {
      if (section.type === 'hero')
        return { ...section, props: { ...section.props, title: 'Safer {{utm_term | "rooms"}}' } };
      if (section.type !== 'howItWorks') return section;
      const [first, ...rest] = section.props.cards;
      return {
        ...section,
        props: {
          ...section.props,
          cards: [{ ...first, title: 'Walk your {{room | "kitchen"}}' }, ...rest],
        },
      };
    }) as typeof partner.pages.landing.sections;
    const withCopy = { ...partner, pages: { ...partner.pages, landing: { sections } } };
    const email = renderInstructionsEmail({
      partner: withCopy,
      productName: 'HomeSafe Scan',
      homeName: 'Home',
      reportId: 'r1',
      scanUrl: 'https://scan.example.test/scan',
      publicBaseUrl: 'https://scan.example.test',
    });
    expect(email.text).toContain('Walk your kitchen');
    expect(email.html).toContain('Walk your kitchen');
    const card = shareCardContent(withCopy, site, 'landing');
    expect(card.title).toBe('Safer rooms');
    expect(card.alt).toContain('Safer rooms');
    for (const text of [email.text, email.html, card.alt]) expect(text).not.toContain('{{');
  });
});
