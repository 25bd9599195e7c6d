import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as prettier from 'prettier';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createWorkspace,
  hashText,
  maxImageBytes,
  type Workspace,
} from '../../../studio/server/workspace.ts';
import { lineDiff } from '../../../studio/server/lineDiff.ts';
import { copyProject, tinyPng } from '../../support/projectCopy.ts';

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
    expect(workspace.list().map((partner) => partner.id)).toEqual([
      'cor-freedom',
      'default',
      'demo',
      'lowes',
      'showcase',
    ]);
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
    const draft = workspace.createDraft('acme', 'demo');
    expect(draft).toMatchObject({ id: 'acme', name: 'Acme', hosts: [] });
    expect(workspace.list().map((partner) => partner.id)).not.toContain('acme');
    // The copy passes the same check as `partners:check` as it is.
    expect(workspace.check('acme', draft)).toEqual([]);
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

  it('stores pictures after checking name, format and size', () => {
    expect(workspace.upload('acme', 'Logo.PNG', tinyPng)).toBe('/partners/acme/logo.png');
    expect(workspace.images('acme')).toEqual(['/partners/acme/logo.png']);
    expect(messageOf(() => workspace.upload('acme', 'notes.txt', Buffer.from('hi')))).toEqual({
      status: 415,
      message:
        '"notes.txt" is not a picture the site can use: upload an SVG, PNG, JPEG or WebP file.',
    });
    expect(
      messageOf(() => workspace.upload('acme', 'fake.png', Buffer.from('<svg></svg>'))),
    ).toEqual({
      status: 415,
      message: '"fake.png" is named .png but its content is not a PNG picture.',
    });
    const big = Buffer.concat([tinyPng, Buffer.alloc(maxImageBytes)]);
    expect(messageOf(() => workspace.upload('acme', 'big.png', big)).status).toBe(413);
    expect(messageOf(() => workspace.upload('../x', 'a.png', tinyPng)).status).toBe(400);
  });
});
