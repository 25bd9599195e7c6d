import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, utimesSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stagingMaxAgeMs } from './pictureStaging.ts';
import { studioMiddleware } from './studioApi.ts';
import { createWorkspace, type Workspace } from './workspace.ts';
import { maxPictureBytes } from '../src/images/pictureRules.ts';
import { copyProject } from '../../tests/support/projectCopy.ts';

let project: ReturnType<typeof copyProject>;
let workspace: Workspace;

beforeEach(() => {
  project = copyProject();
  workspace = createWorkspace(project.root);
});
afterEach(() => project.remove());

const svg = (colour: string) =>
  Buffer.from(
    `<?xml version="1.0"?>\n<!-- exported by a drawing program -->\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 100">\n  <rect width="400" height="100" fill="${colour}"/>\n</svg>\n`,
  );
const files = (dir: string) =>
  existsSync(join(project.root, dir)) ? readdirSync(join(project.root, dir)).sort() : [];
const read = (path: string) => readFileSync(join(project.root, path));

type Partner = Record<string, unknown> & { branding: Record<string, unknown> };
const withLogo = (partner: Record<string, unknown>, logoSrc: string): Partner => ({
  ...partner,
  branding: { ...(partner.branding as Record<string, unknown>), logoSrc },
});

/** Noise does not compress: a JPEG of a few MB, as a phone writes. */
const noisyPhoto = (width: number, height: number) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .jpeg({ quality: 95 })
    .toBuffer();

describe('pictures kept with the draft until the partner is saved', () => {
  it('stages uploads outside public/, serves them at their address, and the save publishes only those the file uses', async () => {
    await workspace.upload('acme', 'logo.svg', svg('#1B4F72'));
    await workspace.upload('acme', 'unused.svg', svg('#AA0000'));
    expect(files('public/partners/acme')).toEqual([]);
    expect(files('.studio/pictures/acme')).toEqual([
      'logo.opt.svg',
      'logo.svg',
      'unused.opt.svg',
      'unused.svg',
    ]);
    // The preview and the forms find it at the address it will have.
    expect(workspace.publicFile('/partners/acme/logo.opt.svg')).toBe(
      join(project.root, '.studio/pictures/acme/logo.opt.svg'),
    );
    expect(workspace.publicFile('/partners/demo/logo.svg')).toBe(
      join(project.root, 'public/partners/demo/logo.svg'),
    );

    // The check counts a staged picture as there (it is published with the file).
    const draft = withLogo(workspace.createDraft('acme', 'demo'), '/partners/acme/logo.opt.svg');
    expect(workspace.review('acme', draft).problems).toEqual([]);
    expect(workspace.review('acme', withLogo(draft, '/partners/acme/gone.svg')).problems).toEqual([
      expect.objectContaining({ pointer: '/branding/logoSrc' }),
    ]);

    // A new partner's save that fails leaves no folder of it in public/.
    mkdirSync(join(project.root, 'partners/acme.json.saving'));
    await expect(workspace.save('acme', draft, null)).rejects.toThrow(/EISDIR/);
    expect(existsSync(join(project.root, 'public/partners/acme'))).toBe(false);
    expect(files('.studio/pictures/acme')).toHaveLength(4);
    rmdirSync(join(project.root, 'partners/acme.json.saving'));

    const stagedCopy = read('.studio/pictures/acme/logo.opt.svg');
    expect((await workspace.save('acme', draft, null)).published).toEqual([
      '/partners/acme/logo.opt.svg',
    ]);
    // Only the copy the file names: its original and the picture nobody uses are dropped.
    expect(files('public/partners/acme')).toEqual(['logo.opt.svg']);
    expect(read('public/partners/acme/logo.opt.svg').equals(stagedCopy)).toBe(true);
    expect(files('.studio/pictures')).toEqual([]);
    expect(workspace.images('acme').map((picture) => picture.staged)).toEqual([undefined]);
  });

  it('leaves public/ and the staged pictures as they were when a save fails', async () => {
    const saved = read('public/partners/demo/logo.svg');
    const demo = workspace.read('demo');
    const file = JSON.parse(demo.text) as { branding: Record<string, unknown> };
    // The file names the SVG logo (demo's own points at its WebP pair), and a new logo is
    // uploaded under that SVG's name.
    const data = { ...file, branding: { ...file.branding, logoSrc: '/partners/demo/logo.svg' } };
    await workspace.upload('demo', 'logo.svg', svg('#1B4F72'));
    const staged = files('.studio/pictures/demo');
    expect(staged).toEqual(['logo.opt.svg', 'logo.svg']);
    const asBefore = () => {
      expect(read('public/partners/demo/logo.svg').equals(saved)).toBe(true);
      expect(files('public/partners/demo')).not.toContain('logo.opt.svg');
      expect(files('.studio/pictures/demo')).toEqual(staged);
      expect(read('.studio/pictures/demo/logo.svg').equals(svg('#1B4F72'))).toBe(true);
      expect(read('partners/demo.json').toString()).toBe(demo.text);
    };

    // The check refuses it (422), the file changed on disk (409), the file cannot be written.
    const refusal = (baseHash: string | null, partner: unknown) =>
      workspace.save('demo', partner, baseHash).then(
        () => 'saved',
        (error: { status?: number; code?: string }) => error.status ?? error.code,
      );
    expect(await refusal(demo.hash, { ...data, name: '' })).toBe(422);
    asBefore();
    expect(await refusal('an older hash', data)).toBe(409);
    asBefore();
    mkdirSync(join(project.root, 'partners/demo.json.saving'));
    expect(await refusal(demo.hash, { ...data, name: 'Demo Co' })).toBe('EISDIR');
    asBefore();

    rmdirSync(join(project.root, 'partners/demo.json.saving'));
    expect(await refusal(demo.hash, { ...data, name: 'Demo Co' })).toBe('saved');
    // The file names the original, so the original is published (and not its copy).
    expect(read('public/partners/demo/logo.svg').equals(svg('#1B4F72'))).toBe(true);
    expect(files('public/partners/demo')).not.toContain('logo.opt.svg');
    expect(files('.studio/pictures')).toEqual([]);
  });

  it('keeps only the optimised copy of a photo in the repository, replacing an older picture of that name', async () => {
    // Small photos: what is published is the point here, not the size (the 20 MB test below
    // takes a phone's); a 2000 px pair of noisy JPEGs took over 20 s on a loaded 2-core machine.
    const photo = await noisyPhoto(800, 600);
    const { optimised } = await workspace.upload('acme', 'Hero Photo.JPG', photo);
    expect(optimised?.path).toBe('/partners/acme/hero-photo.opt.jpg');
    const draft = withLogo(workspace.createDraft('acme', 'demo'), optimised?.path ?? '');
    const { hash } = await workspace.save('acme', draft, null);
    expect(files('public/partners/acme')).toEqual(['hero-photo.opt.jpg']);
    expect(read('public/partners/acme/hero-photo.opt.jpg').length).toBe(optimised?.bytes);
    // The studio lists the copy as the picture (its original is gone).
    expect(workspace.images('acme')).toEqual([
      { original: { path: '/partners/acme/hero-photo.opt.jpg', bytes: optimised?.bytes } },
    ]);

    // A new upload of the same name replaces it; the save leaves one file again.
    const second = await workspace.upload('acme', 'hero-photo.jpg', await noisyPhoto(640, 480));
    await workspace.save('acme', withLogo(draft, second.optimised?.path ?? ''), hash);
    expect(files('public/partners/acme')).toEqual(['hero-photo.opt.jpg']);
    expect(read('public/partners/acme/hero-photo.opt.jpg').length).toBe(second.optimised?.bytes);
    expect(files('.studio/pictures')).toEqual([]);
  });

  it('publishes a detailed drawing as its WebP pair with the drawing it was drawn from, listed as one picture', async () => {
    // A logo with its name as text: too costly to stay SVG in a page (src/config/pictureRule.ts).
    const detailed = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="60"><!-- exported --><script>alert(1)</script><rect width="60" height="60" fill="#1B4F72"/><text x="70" y="40" font-size="26">Acme Co</text></svg>`,
    );
    const uploaded = await workspace.upload('acme', 'logo.svg', detailed);
    expect(uploaded.optimised).toMatchObject({
      path: '/partners/acme/logo.2x.webp',
      width: 240,
      height: 60,
    });
    expect(files('.studio/pictures/acme')).toEqual([
      'logo.1x.webp',
      'logo.2x.webp',
      'logo.opt.svg',
      'logo.svg',
    ]);
    const source = read('.studio/pictures/acme/logo.opt.svg');
    const draft = withLogo(workspace.createDraft('acme', 'demo'), '/partners/acme/logo.2x.webp');
    // The check finds the pair's smaller file in the staging.
    expect(workspace.review('acme', draft).problems).toEqual([]);

    const { hash, published } = await workspace.save('acme', draft, null);
    expect([...published].sort()).toEqual([
      '/partners/acme/logo.1x.webp',
      '/partners/acme/logo.2x.webp',
      '/partners/acme/logo.svg',
    ]);
    expect(files('public/partners/acme')).toEqual(['logo.1x.webp', 'logo.2x.webp', 'logo.svg']);
    // The drawing beside the pair is the minified one, without its script, under the name the
    // build looks for (tools/images/generate.ts); the upload as it came is not published.
    expect(read('public/partners/acme/logo.svg').equals(source)).toBe(true);
    expect(source.toString()).toMatch(/^<svg[^]*Acme Co/);
    expect(source.toString()).not.toMatch(/script|exported/);
    expect(read('public/partners/acme/logo.2x.webp').length).toBe(uploaded.optimised?.bytes);
    // One picture: the drawing, and the pair a field uses (its smaller file goes with it).
    expect(workspace.images('acme')).toEqual([
      {
        original: { path: '/partners/acme/logo.svg', bytes: source.length },
        optimised: { path: '/partners/acme/logo.2x.webp', bytes: uploaded.optimised?.bytes },
      },
    ]);
    // The pictures drawn by tools/images/rasterisePublic.ts are listed the same way.
    expect(
      workspace.images('demo').filter((picture) => picture.original.path.includes('/logo.')),
    ).toEqual([
      expect.objectContaining({
        original: expect.objectContaining({ path: '/partners/demo/logo.svg' }),
        optimised: expect.objectContaining({ path: '/partners/demo/logo.2x.webp' }),
      }),
    ]);

    // The browser tab's icon keeps a drawing a drawing: the build draws the icon from it.
    const icon = await workspace.upload('acme', 'icon.svg', detailed, { inPage: false });
    expect(icon.optimised?.path).toBe('/partners/acme/icon.opt.svg');
    expect(files('.studio/pictures/acme')).toEqual(['icon.opt.svg', 'icon.svg']);
    workspace.dropStaged('acme');

    // A simple drawing of the same name replaces the pair and the drawing it was drawn from.
    const simple = await workspace.upload('acme', 'logo.svg', svg('#1B4F72'));
    expect(files('.studio/pictures/acme')).toEqual(['logo.opt.svg', 'logo.svg']);
    await workspace.save('acme', withLogo(draft, simple.optimised?.path ?? ''), hash);
    expect(files('public/partners/acme')).toEqual(['logo.opt.svg']);
  });

  it('drops the staged pictures on discard, and staging unused for a week when the studio starts', async () => {
    await workspace.upload('acme', 'logo.svg', svg('#1B4F72'));
    await workspace.upload('demo', 'banner.svg', svg('#AA0000'));
    workspace.dropStaged('acme');
    expect(files('.studio/pictures')).toEqual(['demo']);
    expect(workspace.images('acme')).toEqual([]);
    expect(files('public/partners/acme')).toEqual([]);
    // Another partner's staged pictures stay.
    expect(workspace.images('demo').find((p) => p.original.path.endsWith('banner.svg'))).toEqual(
      expect.objectContaining({ staged: true }),
    );

    const aWeekAgo = new Date(Date.now() - stagingMaxAgeMs - 60_000);
    await workspace.upload('acme', 'logo.svg', svg('#1B4F72'));
    for (const id of ['acme', 'demo'])
      utimesSync(join(project.root, '.studio/pictures', id), aWeekAgo, aWeekAgo);
    // Opening a partner (its pictures listed) keeps its staging fresh.
    workspace.images('demo');
    expect(workspace.removeStaleStaging()).toEqual(['acme']);
    expect(files('.studio/pictures')).toEqual(['demo']);
  });
});

describe('the upload limit over HTTP', () => {
  let server: Server;
  let base: string;
  beforeEach(async () => {
    const middleware = studioMiddleware(project.root, { apiAddress: 'http://127.0.0.1:8787' });
    server = createServer((request, response) =>
      middleware(request, response, () => {
        response.statusCode = 404;
        response.end();
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(() => new Promise((resolve) => server.close(resolve)));

  const upload = async (name: string, body: Buffer) => {
    const response = await fetch(`${base}/studio-api/images/acme?name=${name}`, {
      method: 'POST',
      body: new Uint8Array(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('takes a photo over 1 MB and refuses one over 20 MB with its real size', async () => {
    // Noise does not compress: a JPEG of a few MB, as a phone writes.
    const photo = await sharp({
      create: {
        width: 1600,
        height: 1200,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .jpeg({ quality: 95 })
      .toBuffer();
    expect(photo.length).toBeGreaterThan(1024 * 1024);
    const taken = await upload('photo.jpg', photo);
    expect(taken.status).toBe(200);
    expect(taken.body.picture).toMatchObject({
      original: { path: '/partners/acme/photo.jpg', bytes: photo.length },
      staged: true,
    });

    const tooBig = Buffer.alloc(Math.round(26.3 * 1024 * 1024));
    photo.copy(tooBig);
    expect(await upload('huge.jpg', tooBig)).toEqual({
      status: 413,
      body: {
        message:
          'This picture is 26.3 MB; pictures can be up to 20 MB. Save or export it smaller (2880 pixels on the longest side is all the site uses) and upload it again.',
        problems: [],
      },
    });
    // One byte over the limit does not read as the limit itself.
    const justOver = await upload('over.jpg', Buffer.alloc(maxPictureBytes + 1));
    expect(justOver.body.message).toMatch(
      /^This picture is just over 20 MB; pictures can be up to 20 MB\. /,
    );
    expect(files('.studio/pictures/acme')).toEqual(['photo.jpg', 'photo.opt.jpg']);
  });
});
