import { spawn } from 'node:child_process';

/**
 * The studio's use of git in the project folder: record a saved partner (its file and its
 * pictures, nothing else) as a commit, and read the partner file's earlier versions. git runs as a
 * child process with an argument list (never a shell string), in the project folder; the author is
 * git's own configuration, never invented here.
 */
export interface RecordedCommit {
  hash: string;
  message: string;
}

/** Whether a save can be recorded in git, and if not, why (a sentence for the manager). */
export type GitReadiness = { canRecord: true } | { canRecord: false; reason: string };

/** One committed version of partners/{id}.json. */
export interface PartnerVersion {
  hash: string;
  /** The author date, ISO 8601 with its offset (the browser words it). */
  date: string;
  author: string;
  message: string;
  /** The file's text in that commit; null when the commit removed it. */
  text: string | null;
}

export interface PartnerHistory {
  /** Newest first; empty when the file was never committed. */
  versions: PartnerVersion[];
  /** The version before the oldest listed (to describe what that one changed), if any. */
  earlier?: PartnerVersion;
  /** Why there is no history to read (not a git checkout, git missing). */
  reason?: string;
}

/** A recording's outcome: the commit, or a sentence saying why none (`upToDate`: nothing new). */
export interface Recorded {
  commit?: RecordedCommit;
  note?: string;
  upToDate?: true;
}

export const gitMessages = {
  missing:
    'git is not installed on this computer, so saves are not recorded in git. The file is still saved.',
  notARepository:
    'This project folder is not a git checkout, so saves are not recorded in git. The file is still saved.',
  noUser:
    'git does not know who you are yet (no name and email in its settings), so this save is not recorded in git. The file is still saved. Whoever looks after this computer can give git your name and email; then saves are recorded.',
  nothingNew:
    'Nothing new to record in git: the partner file and its pictures are as in the last commit.',
};

/** Where the visual check keeps its pictures, one folder per partner (vitest.config.ts). */
export const visualBaselines = 'tests/visual/__screenshots__/chromium-linux';

class GitMissing extends Error {}

interface Ran {
  code: number;
  stdout: Buffer;
  stderr: string;
}

export interface GitOptions {
  /** The git program (tests name a missing one). */
  binary?: string;
  /** The environment git runs with (tests isolate it from the machine's settings). */
  env?: NodeJS.ProcessEnv;
}

/** How many versions the history lists. */
export const historyLimit = 50;

export function createPartnerGit(
  root: string,
  { binary = 'git', env = process.env }: GitOptions = {},
) {
  const run = (args: string[], input?: string) =>
    new Promise<Ran>((resolve, reject) => {
      // useConfigOnly: with no name and email configured git refuses rather than guessing one.
      const child = spawn(
        binary,
        ['-c', 'user.useConfigOnly=true', '-c', 'core.quotepath=off', ...args],
        {
          cwd: root,
          env: { ...env, GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C' },
        },
      );
      const out: Buffer[] = [];
      const err: Buffer[] = [];
      child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
      child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
      child.on('error', (error: NodeJS.ErrnoException) =>
        reject(error.code === 'ENOENT' ? new GitMissing() : error),
      );
      child.on('close', (code) =>
        resolve({
          code: code ?? 1,
          stdout: Buffer.concat(out),
          stderr: Buffer.concat(err).toString('utf8').trim(),
        }),
      );
      child.stdin.end(input);
    });

  const text = async (args: string[]) => (await run(args)).stdout.toString('utf8').trim();

  /** Why git cannot be used here at all, or undefined when this is a checkout. */
  async function unusable(): Promise<string | undefined> {
    try {
      const inside = await run(['rev-parse', '--is-inside-work-tree']);
      return inside.code === 0 && inside.stdout.toString().trim() === 'true'
        ? undefined
        : gitMessages.notARepository;
    } catch (error) {
      if (error instanceof GitMissing) return gitMessages.missing;
      throw error;
    }
  }

  async function readiness(): Promise<GitReadiness> {
    const reason = await unusable();
    if (reason) return { canRecord: false, reason };
    for (const who of ['GIT_AUTHOR_IDENT', 'GIT_COMMITTER_IDENT']) {
      if ((await run(['var', who])).code !== 0)
        return { canRecord: false, reason: gitMessages.noUser };
    }
    return { canRecord: true };
  }

  // One git write at a time: two saves at once would meet on git's index lock.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };

  const failed = (what: string, ran: Ran) =>
    `The file is saved, but git could not ${what}: ${ran.stderr.split('\n')[0] ?? 'no reason given'}.`;

  /**
   * Commits partners/{id}.json, public/partners/{id}/ and the visual check's pictures of the
   * partner as they are on disk (new, changed and removed pictures alike) and nothing else:
   * whatever else is staged stays staged, uncommitted.
   */
  async function record(id: string, message: string): Promise<Recorded> {
    const ready = await readiness();
    if (!ready.canRecord) return { note: ready.reason };
    // The file is written already: a failure here is a sentence beside it, never a failed save.
    return serial(() => commit(id, message)).catch((error: unknown) => ({
      note: `The file is saved, but git could not record it: ${error instanceof Error ? error.message : String(error)}.`,
    }));
  }

  async function commit(id: string, message: string): Promise<Recorded> {
    // Its pictures, and the visual check's pictures of its pages (refreshed from the studio,
    // visualRefresh.ts). A pathspec matching nothing is an error: a folder git does not know
    // (none, or empty) is left out. Committed files count even when removed since.
    const folders = [`public/partners/${id}`, `${visualBaselines}/${id}`];
    const known = await Promise.all(
      folders.map((folder) =>
        text(['ls-files', '--cached', '--others', '--exclude-standard', '--', folder]),
      ),
    );
    const paths = [`partners/${id}.json`, ...folders.filter((_, index) => known[index] !== '')];
    const added = await run(['add', '-A', '--', ...paths]);
    if (added.code !== 0) return { note: failed('add the files', added) };
    const hasHead = (await run(['rev-parse', '--verify', '-q', 'HEAD'])).code === 0;
    if (hasHead && (await run(['diff', '--cached', '--quiet', 'HEAD', '--', ...paths])).code === 0)
      return { note: gitMessages.nothingNew, upToDate: true };
    const subject = message.trim() || `Partner ${id}: saved in the studio`;
    // --only: exactly these paths, other staged changes stay as they were. --cleanup=whitespace
    // keeps lines starting with "#" (a ticket number is not a comment).
    const committed = await run(
      ['commit', '--only', '--cleanup=whitespace', '--file=-', '--', ...paths],
      subject,
    );
    if (committed.code !== 0) return { note: failed('make the commit', committed) };
    const hash = await text(['rev-parse', 'HEAD']);
    return { commit: { hash, message: await text(['log', '-1', '--format=%B', hash]) } };
  }

  /**
   * The committed versions of partners/{id}.json, newest first, following renames but not copies:
   * git's --follow also pairs a new file with the one it was copied from (a partner started from
   * the demo), so the list ends at the commit that made the copy (git marks it "C", a rename "R"):
   * the template's past is not the partner's.
   */
  async function history(id: string, limit = historyLimit): Promise<PartnerHistory> {
    const reason = await unusable();
    if (reason) return { versions: [], reason };
    const log = await run([
      'log',
      '--follow',
      `-n${limit + 1}`,
      '--name-status',
      '--format=%x1e%H%x1f%aI%x1f%an%x1f%B%x1f',
      '--',
      `partners/${id}.json`,
    ]);
    if (log.code !== 0) return { versions: [] };
    const entries: { hash: string; date: string; author: string; message: string; path: string }[] =
      [];
    for (const record of log.stdout.toString('utf8').split('\x1e')) {
      if (record.trim() === '') continue;
      const [hash = '', date = '', author = '', message = '', change = ''] = record.split('\x1f');
      // "M\tpath", "A\tpath", "D\tpath", or "R100\tfrom\tto", "C098\tfrom\tto".
      const fields = change.trim().split('\t');
      const status = fields[0]?.charAt(0) ?? '';
      entries.push({ hash, date, author, message: message.trim(), path: fields.at(-1) ?? '' });
      if (status === 'C') break;
    }
    const texts = await blobs(entries.map((entry) => `${entry.hash}:${entry.path}`));
    const versions = entries.map(({ hash, date, author, message }, index): PartnerVersion => ({
      hash,
      date,
      author,
      message,
      text: texts[index] ?? null,
    }));
    const earlier = versions[limit];
    return { versions: versions.slice(0, limit), ...(earlier ? { earlier } : {}) };
  }

  /** Each object's text (null when missing), read by one `git cat-file --batch`. */
  async function blobs(names: string[]): Promise<(string | null)[]> {
    if (names.length === 0) return [];
    const { stdout } = await run(
      ['cat-file', '--batch'],
      names.map((name) => `${name}\n`).join(''),
    );
    const found: (string | null)[] = [];
    let at = 0;
    for (let index = 0; index < names.length; index++) {
      const end = stdout.indexOf(10, at);
      if (end < 0) break;
      const header = stdout.subarray(at, end).toString('utf8').split(' ');
      at = end + 1;
      if (header[1] !== 'blob') {
        found.push(null);
        continue;
      }
      const size = Number(header[2]);
      found.push(stdout.subarray(at, at + size).toString('utf8'));
      at += size + 1;
    }
    return found;
  }

  return { readiness, record, history };
}

export type PartnerGit = ReturnType<typeof createPartnerGit>;
