import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPartnerGit, gitMessages } from './partnerGit.ts';

// git without the machine's settings: no global or system name and email unless a test sets one.
const env = {
  ...process.env,
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_AUTHOR_NAME: undefined,
  GIT_AUTHOR_EMAIL: undefined,
  GIT_COMMITTER_NAME: undefined,
  GIT_COMMITTER_EMAIL: undefined,
};

let root: string;
const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: root, env, encoding: 'utf8' }).trim();
const write = (path: string, text: string) => {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
};
const partnerGit = () => createPartnerGit(root, { env });

/** A repository with a committed partner "acme" (one picture) and a configured author. */
function repository({ user = true } = {}) {
  git('init', '-q', '-b', 'main');
  if (user) {
    git('config', 'user.name', 'Dana Manager');
    git('config', 'user.email', 'dana@example.com');
  } else {
    // The first commit needs an author; the one under test must find none.
    git(
      '-c',
      'user.name=Setup',
      '-c',
      'user.email=setup@example.com',
      'commit',
      '-q',
      '--allow-empty',
      '-m',
      'start',
    );
  }
  write('partners/acme.json', '{ "id": "acme", "name": "Acme" }\n');
  write('public/partners/acme/logo.png', 'logo');
  write('public/partners/acme/hero.png', 'hero');
  write('README.md', 'readme\n');
  if (user) {
    git('add', '-A');
    git('commit', '-q', '-m', 'Acme as it started');
  }
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'homesafe-git-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('recording a saved partner in git', () => {
  it('commits only the partner file and its pictures; other staged files stay staged', async () => {
    repository();
    write('partners/acme.json', '{ "id": "acme", "name": "Acme Homes" }\n');
    write('public/partners/acme/spring.png', 'new picture');
    rmSync(join(root, 'public/partners/acme/hero.png'));
    // Someone's unrelated work: staged, and merely changed.
    write('README.md', 'readme, edited\n');
    git('add', 'README.md');
    write('notes.txt', 'staged new file\n');
    git('add', 'notes.txt');
    write('partners/other.json', '{}\n');
    write('public/partners/acmeish/x.png', 'not acme');

    const { commit, note } = await partnerGit().record('acme', 'Acme: name set\n\n- Name changed');

    expect(note).toBeUndefined();
    expect(commit?.message).toBe('Acme: name set\n\n- Name changed');
    expect(commit?.hash).toBe(git('rev-parse', 'HEAD'));
    expect(git('show', '--name-status', '--format=', 'HEAD').split('\n').sort()).toEqual([
      'A\tpublic/partners/acme/spring.png',
      'D\tpublic/partners/acme/hero.png',
      'M\tpartners/acme.json',
    ]);
    expect(git('log', '-1', '--format=%an <%ae>')).toBe('Dana Manager <dana@example.com>');
    expect(git('status', '--porcelain').split('\n').sort()).toEqual([
      '?? partners/other.json',
      '?? public/partners/acmeish/',
      'A  notes.txt',
      'M  README.md',
    ]);
  });

  it('records a new partner without pictures (an empty folder), and says when nothing is new', async () => {
    repository();
    write('partners/bolt.json', '{ "id": "bolt" }\n');
    mkdirSync(join(root, 'public/partners/bolt'));
    const first = await partnerGit().record('bolt', '  ');
    expect(first.commit?.message).toBe('Partner bolt: saved in the studio');
    expect(git('show', '--name-only', '--format=', 'HEAD')).toBe('partners/bolt.json');
    expect(await partnerGit().record('bolt', 'again')).toEqual({
      note: gitMessages.nothingNew,
      upToDate: true,
    });
  });

  it('keeps a message line that starts with "#"', async () => {
    repository();
    write('partners/acme.json', '{ "id": "acme", "name": "Acme 2" }\n');
    const { commit } = await partnerGit().record('acme', '#42 new name');
    expect(commit?.message).toBe('#42 new name');
  });

  it('says why it cannot record: not a checkout, git missing, no name and email', async () => {
    write('partners/acme.json', '{}\n');
    expect(await partnerGit().readiness()).toEqual({
      canRecord: false,
      reason: gitMessages.notARepository,
    });
    expect(await partnerGit().record('acme', 'x')).toEqual({ note: gitMessages.notARepository });
    expect(await partnerGit().history('acme')).toEqual({
      versions: [],
      reason: gitMessages.notARepository,
    });
    const noGit = createPartnerGit(root, { env, binary: 'git-that-is-not-installed' });
    expect(await noGit.record('acme', 'x')).toEqual({ note: gitMessages.missing });

    rmSync(root, { recursive: true, force: true });
    mkdirSync(root);
    repository({ user: false });
    expect(await partnerGit().record('acme', 'x')).toEqual({ note: gitMessages.noUser });
    expect(git('rev-list', '--count', 'HEAD')).toBe('1');
    expect(git('status', '--porcelain')).toContain('?? partners/');
  });
});

describe('the history of a partner file', () => {
  it('lists every committed version newest first, with its text, across a rename', async () => {
    repository();
    write('partners/acme.json', '{ "id": "acme", "name": "Acme Homes" }\n');
    await partnerGit().record('acme', 'Renamed to Acme Homes');
    git('mv', 'partners/acme.json', 'partners/acme-homes.json');
    git('commit', '-q', '-m', 'New id');

    const { versions, earlier, reason } = await partnerGit().history('acme-homes');
    expect(reason).toBeUndefined();
    expect(earlier).toBeUndefined();
    expect(versions.map((version) => [version.message, version.author, version.text])).toEqual([
      ['New id', 'Dana Manager', '{ "id": "acme", "name": "Acme Homes" }\n'],
      ['Renamed to Acme Homes', 'Dana Manager', '{ "id": "acme", "name": "Acme Homes" }\n'],
      ['Acme as it started', 'Dana Manager', '{ "id": "acme", "name": "Acme" }\n'],
    ]);
    expect(Number.isNaN(Date.parse(versions[0]?.date ?? ''))).toBe(false);

    const two = await partnerGit().history('acme-homes', 2);
    expect(two.versions).toHaveLength(2);
    expect(two.earlier?.message).toBe('Acme as it started');
    expect(await partnerGit().history('nobody')).toEqual({ versions: [] });
  });

  it("starts a partner copied from another at its creation, not at the template's past", async () => {
    repository();
    // Long enough for git to see the copy (it pairs files at least half alike).
    const partner = (name: string) =>
      `${JSON.stringify({ id: 'acme', name, faq: Array.from({ length: 20 }, (_, n) => `answer ${n}`) }, null, 2)}\n`;
    write('partners/acme.json', partner('Acme'));
    await partnerGit().record('acme', 'Acme grows');
    // A new partner started from acme: the same text but its name, in a commit of its own.
    write('partners/bolt.json', partner('Bolt'));
    await partnerGit().record('bolt', 'New partner Bolt');
    write('partners/bolt.json', partner('Bolt 2'));
    await partnerGit().record('bolt', 'Bolt renamed');
    // git itself pairs the new file with the one it was copied from.
    expect(git('log', '--follow', '--format=%s', '--', 'partners/bolt.json')).toContain(
      'Acme grows',
    );

    const { versions, earlier } = await partnerGit().history('bolt');
    expect(versions.map((version) => [version.message, version.text])).toEqual([
      ['Bolt renamed', partner('Bolt 2')],
      ['New partner Bolt', partner('Bolt')],
    ]);
    expect(earlier).toBeUndefined();
    expect((await partnerGit().history('acme')).versions).toHaveLength(2);
  });
});
