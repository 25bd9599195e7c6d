import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as prettier from 'prettier';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createWorkspace, hashText, type Workspace } from './workspace.ts';
import { maxPictureBytes, pictureTooLarge } from '../src/images/pictureRules.ts';
import { lineDiff } from './lineDiff.ts';
import { copyProject, tinyPng } from '../../tests/support/projectCopy.ts';

let project: ReturnType<typeof copyProject>;
let workspace: Workspace;

beforeEach(() => {
  project = copyProject();
  workspace = createWorkspace(project.root);
});
afterEach(() => project.remove());

const messageOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return { status: (error as { status: number }).status, message: (error as Error).message };
  }
  throw new Error('expected a refusal');
};

describe('Partner Studio workspace', () => {
  it('lists the partner files and reads one with the hash of its text', () => {
    // Every file of partners/, by id in order (whatever partners the project holds).
    const files = readdirSync(join(project.root, 'partners'))
      .filter((name) => name.endsWith('.json'))
      .map((name) => name.slice(0, -'.json'.length))
      .sort();
    expect(files).toEqual(expect.arrayContaining(['demo', 'showcase']));
    expect(workspace.list().map((partner) => partner.id)).toEqual(files);
    const demo = workspace.read('demo');
    expect(demo.hash).toBe(
      hashText(readFileSync(join(project.root, 'partners/demo.json'), 'utf8')),
    );
  });

  it('checks a new id for the file-name rule and uniqueness before anything is written', () => {
    expect(messageOf(() => workspace.createDraft('Acme Inc', 'demo'))).toEqual({
      status: 400,
      message:
        '"Acme Inc" cannot be a partner id: use lower-case letters, digits and single dashes, like "cor-freedom"',
    });
    expect(messageOf(() => workspace.createDraft('demo', 'demo')).status).toBe(409);
    expect(messageOf(() => workspace.createDraft('api', 'demo'))).toEqual({
      status: 400,
      message:
        '"api" cannot be a partner id: the address /api belongs to the site\'s programming interface; choose another, such as "api-homes"',
    });
    const draft = workspace.createDraft('acme', 'demo');
    expect(draft).toMatchObject({ id: 'acme', name: 'Acme', hosts: [] });
    // The demo's consent line named the demo; the copy's names the new partner.
    expect((draft.form as { consentText?: string }).consentText).toBe(
      'By continuing, you consent to Acme receiving your home safety report.',
    );
    expect(workspace.list().map((partner) => partner.id)).not.toContain('acme');
    // The copy passes the same check as `partners:check` as it is.
    expect(workspace.check('acme', draft)).toEqual([]);
    // What it still shows of the demo is named for the manager, without stopping a save.
    const { problems, warnings } = workspace.review('acme', draft);
    expect(problems).toEqual([]);
    expect(warnings.map((warning) => warning.pointer)).toContain('/branding/logoSrc');
    for (const warning of warnings) expect(warning.file).toBe('partners/acme.json');
  });

  it('saves a valid partner formatted by prettier, and refuses an invalid one with the checker sentences', async () => {
    const draft = workspace.createDraft('acme', 'demo');
    const saved = await workspace.save('acme', draft, null);
    const text = readFileSync(join(project.root, 'partners/acme.json'), 'utf8');
    expect(saved.text).toBe(text);
    expect(
      await prettier.check(text, {
        ...(await prettier.resolveConfig(join(project.root, 'partners/acme.json'))),
        filepath: 'partners/acme.json',
      }),
    ).toBe(true);

    const form = draft.form as { fields: Record<string, unknown>[] };
    form.fields[1] = { name: 'zipCode', type: 'select', required: true };
    const refusal = await workspace
      .save('acme', draft, saved.hash)
      .catch((error: unknown) => error);
    expect(refusal).toMatchObject({ status: 422 });
    expect(
      (refusal as { problems: { pointer: string; message: string }[] }).problems,
    ).toContainEqual({
      file: 'partners/acme.json',
      pointer: '/form/fields/1',
      message: 'a select field needs at least one option',
    });
    expect(readFileSync(join(project.root, 'partners/acme.json'), 'utf8')).toBe(text);
  });

  it('refuses to overwrite a file changed on disk since it was opened', async () => {
    const demo = workspace.read('demo');
    const data = JSON.parse(demo.text) as Record<string, unknown>;
    writeFileSync(
      join(project.root, 'partners/demo.json'),
      demo.text.replace('Demo Partner', 'Demo Co'),
    );
    const refusal = await workspace
      .save('demo', { ...data, name: 'Mine' }, demo.hash)
      .catch((error: unknown) => error);
    expect(refusal).toMatchObject({ status: 409 });
    expect((refusal as Error).message).toMatch(/was changed on disk since you opened it/);
    expect(
      await workspace.save('demo', { ...data, name: 'Mine' }, workspace.read('demo').hash),
    ).toMatchObject({ id: 'demo' });
  });

  it('shows the change as a line diff against the file on disk', async () => {
    // The file as the studio writes it first: a hand-written file may lay out a block on one
    // line where the studio would not (the first save rewrites that), and this test is about
    // the diff of one change, not about how the shipped demo was typed.
    const shipped = workspace.read('demo');
    await workspace.save('demo', JSON.parse(shipped.text), shipped.hash);
    const demo = workspace.read('demo');
    const data = JSON.parse(demo.text) as Record<string, unknown>;
    const prepared = await workspace.prepare('demo', { ...data, name: 'Demo Co' });
    expect(prepared.problems).toEqual([]);
    expect(prepared.diskHash).toBe(demo.hash);
    expect(prepared.diff.filter((line) => line.kind !== 'same')).toEqual([
      { kind: 'removed', text: '  "name": "Demo Partner",' },
      { kind: 'added', text: '  "name": "Demo Co",' },
    ]);
    expect(lineDiff('', 'a\nb\n')).toEqual([
      { kind: 'added', text: 'a' },
      { kind: 'added', text: 'b' },
    ]);
  });

  it('keeps pictures after checking name, format and size', async () => {
    const refusal = (upload: Promise<unknown>) =>
      upload.then(
        () => {
          throw new Error('expected a refusal');
        },
        (error: { status: number; message: string }) => ({
          status: error.status,
          message: error.message,
        }),
      );
    expect((await workspace.upload('acme', 'Logo.PNG', tinyPng)).original).toEqual({
      path: '/partners/acme/logo.png',
      bytes: tinyPng.length,
    });
    expect(workspace.images('acme')).toEqual([
      { original: { path: '/partners/acme/logo.png', bytes: tinyPng.length }, staged: true },
    ]);
    expect(await refusal(workspace.upload('acme', 'notes.txt', Buffer.from('hi')))).toEqual({
      status: 415,
      message:
        '"notes.txt" is not a picture the site can use: upload an SVG, PNG, JPEG or WebP file.',
    });
    expect(await refusal(workspace.upload('acme', 'fake.png', Buffer.from('<svg></svg>')))).toEqual(
      {
        status: 415,
        message: '"fake.png" is named .png but its content is not a PNG picture.',
      },
    );
    // PNG's signature, then nothing a decoder can read.
    const broken = Buffer.concat([tinyPng.subarray(0, 8), Buffer.from('not a picture')]);
    expect(await refusal(workspace.upload('acme', 'broken.png', broken))).toEqual({
      status: 415,
      message:
        '"broken.png" is not a picture the site can use: its content could not be read as a picture.',
    });
    const big = Buffer.concat([tinyPng, Buffer.alloc(maxPictureBytes)]);
    expect(await refusal(workspace.upload('acme', 'big.png', big))).toEqual({
      status: 413,
      message: pictureTooLarge(big.length),
    });
    expect((await refusal(workspace.upload('../x', 'a.png', tinyPng))).status).toBe(400);
    expect(existsSync(join(project.root, '.studio/pictures/acme/broken.png'))).toBe(false);
    // Nothing is published before the partner is saved (pictureStaging.test.ts).
    expect(existsSync(join(project.root, 'public/partners/acme'))).toBe(false);
  });

  it('writes an optimised copy beside each upload and lists both with their sizes', async () => {
    const svg = Buffer.from(
      `<?xml version="1.0"?>\n<!-- exported by a drawing program -->\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 100" width="400" height="100">\n  <metadata>drawn for a test</metadata>\n  <rect x="0.000" y="0.000" width="400.000" height="100.000" fill="#1B4F72"/>\n</svg>\n`,
    );
    const uploaded = await workspace.upload('acme', 'logo.svg', svg);
    expect(uploaded).toMatchObject({
      original: { path: '/partners/acme/logo.svg', bytes: svg.length },
      optimised: { path: '/partners/acme/logo.opt.svg' },
    });
    const dir = join(project.root, '.studio/pictures/acme');
    expect(readFileSync(join(dir, 'logo.svg')).equals(svg)).toBe(true);
    expect(statSync(join(dir, 'logo.opt.svg')).size).toBe(uploaded.optimised?.bytes);

    // A copy no smaller than the original is not kept (and a stale one goes).
    const bare = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(join(dir, 'dot.opt.svg'), 'stale');
    expect(await workspace.upload('acme', 'dot.svg', bare)).toEqual({
      original: { path: '/partners/acme/dot.svg', bytes: bare.length },
      staged: true,
    });
    expect(existsSync(join(dir, 'dot.opt.svg'))).toBe(false);

    // A file named like a copy is an original of its own.
    expect((await workspace.upload('acme', 'hero.opt.png', tinyPng)).original.path).toBe(
      '/partners/acme/hero-opt.png',
    );
    expect(workspace.images('acme')).toEqual([
      { original: { path: '/partners/acme/dot.svg', bytes: bare.length }, staged: true },
      { original: { path: '/partners/acme/hero-opt.png', bytes: tinyPng.length }, staged: true },
      {
        original: { path: '/partners/acme/logo.svg', bytes: svg.length },
        optimised: { path: '/partners/acme/logo.opt.svg', bytes: uploaded.optimised?.bytes },
        staged: true,
      },
    ]);
  });
});
