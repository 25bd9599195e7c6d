import { describe, expect, it } from 'vitest';
import { commitMessage, cutOnWords } from './commitMessage.ts';
import { shownVersions } from './versions.ts';
import type { PartnerVersion } from '../../server/partnerGit.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../../../tests/support/projectCopy.ts';

const version = (
  hash: string,
  text: string | null,
  message = `commit ${hash}`,
): PartnerVersion => ({
  hash,
  date: '2026-11-26T07:40:00+00:00',
  author: 'Dana Manager',
  message,
  text,
});

describe('the message offered for recording a save', () => {
  it('names the partner and the change; several changes are listed under the first line', () => {
    expect(commitMessage('acme', [])).toBe('acme: saved in the studio');
    expect(commitMessage('acme', ["Name: 'A' → 'B'"])).toBe("acme: Name: 'A' → 'B'");
    expect(commitMessage('acme', ["Name: 'A' → 'B'", 'FAQ moved from 5th to 4th'])).toBe(
      "acme: Name: 'A' → 'B' and 1 more change\n\n- Name: 'A' → 'B'\n- FAQ moved from 5th to 4th",
    );
    const long = `Hero title: '${'a'.repeat(80)}' → 'b'`;
    const [subject, blank, line] = commitMessage('acme', [long]).split('\n');
    // Not inside the quoted title: the whole change is on the line below.
    expect(subject).toBe('acme: Hero title…');
    expect([blank, line]).toEqual(['', `- ${long}`]);
  });

  it('cuts a long first line on a whole word, never mid-word, in a quote or on a comma', () => {
    const created = "New partner 'Acme Homes' at /acme-homes, with Home page, Claim-offer page";
    const [subject] = commitMessage('acme-homes', [created, 'Brand color set']).split('\n');
    expect(subject).toBe("acme-homes: New partner 'Acme Homes' at /acme-homes… and 1 more change");
    expect(subject!.length).toBeLessThanOrEqual(72);
    // Each length a cut can meet: whole words of the change, then "…", never more than asked.
    for (let length = 12; length < created.length; length++) {
      const cut = cutOnWords(created, length);
      expect(cut.length).toBeLessThanOrEqual(length);
      expect(cut.endsWith('…')).toBe(true);
      const kept = cut.slice(0, -1);
      expect(created.startsWith(kept)).toBe(true);
      expect(kept).not.toMatch(/[\s,]$/);
      // Whole words: the next character of the change is a space or a comma.
      expect(created.charAt(kept.length)).toMatch(/[\s,]/);
      expect((kept.match(/(^|\s)'/g) ?? []).length).toBe((kept.match(/'(\s|$)/g) ?? []).length);
    }
    expect(cutOnWords("Name: 'Cor Freedom Care' → 'Cor Freedom Two'", 40)).toBe(
      "Name: 'Cor Freedom Care'…",
    );
    expect(cutOnWords("Partner's name changed to something long", 20)).toBe("Partner's name…");
    expect(cutOnWords('a'.repeat(30), 10)).toBe(`${'a'.repeat(9)}…`);
  });
});

describe('the versions the History tab lists', () => {
  // A whole partner file: History restores only versions that are one.
  const demo: unknown = JSON.parse(readFileSync(join(repoRoot, 'partners/demo.json'), 'utf8'));
  const first = { ...(demo as object), name: 'Acme' };
  const second = { ...first, name: 'Acme Homes' };
  const json = (value: unknown) => JSON.stringify(value, null, 2);

  it('describes each version against the one before it, the oldest against what came before', () => {
    const shown = shownVersions(
      {
        versions: [
          version('c3', null),
          version('c2', json(second), 'Renamed\n\n- Name'),
          version('c1', json(first)),
        ],
        earlier: version('c0', '{ not json'),
      },
      'en-GB',
    );
    expect(shown.map((entry) => [entry.hash, entry.subject, entry.data !== undefined])).toEqual([
      ['c3', 'commit c3', false],
      ['c2', 'Renamed', true],
      ['c1', 'commit c1', true],
    ]);
    expect(shown[0]?.changes).toEqual(['The partner file was removed in this version.']);
    expect(shown[1]?.changes).toEqual(["Name: 'Acme' → 'Acme Homes'"]);
    // The version before the oldest cannot be read: the oldest reads as the partner's start.
    expect(shown[2]?.changes[0]).toMatch(/^New partner /);
    // In the browser's words (and time zone: 07:40 UTC is the 26th from UTC-7 to UTC+16).
    expect(shown[1]?.when).toContain('26 November 2026');
  });

  it('says when a version changed nothing in the partner, or cannot be restored', () => {
    const shown = shownVersions({
      versions: [
        version('b', JSON.stringify(first)),
        version('a', json(first)),
        version('x', '[1]'),
      ],
    });
    expect(shown[0]?.changes).toEqual([
      'No change to the partner itself (the file was only moved or reformatted).',
    ]);
    expect(shown[2]?.data).toBeUndefined();
    expect(shown[2]?.changes).toEqual([
      'The file in this version is not a valid partner file, so it cannot be restored.',
    ]);
  });
});
