import type { PartnerHistory, PartnerVersion } from '../api/studioApi.ts';
import { describeChanges } from '../review/changeList.ts';
import type { Json } from '../schema/json.ts';
import { isPartnerDraft } from '../schema/partnerDraft.ts';
import type { PartnerDraft } from '../schema/partnerTypes.ts';

/** One committed version as the History tab shows it. */
export interface ShownVersion {
  hash: string;
  /** The commit's date in the browser's words and time zone. */
  when: string;
  author: string;
  /** The message's first line. */
  subject: string;
  /** The partner in that version; undefined when it cannot be restored (removed or broken). */
  data: PartnerDraft | undefined;
  /** What it changed against the version before it, in the review's words. */
  changes: string[];
}

const parsed = (version: PartnerVersion | undefined): PartnerDraft | undefined => {
  if (!version?.text) return undefined;
  try {
    // JSON.parse gives JSON; the guard checks it is a partner.
    const value = JSON.parse(version.text) as Json;
    return isPartnerDraft(value) ? value : undefined;
  } catch {
    return undefined;
  }
};

const dateWords = (iso: string, locale?: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(date);
};

/** The history newest first, each version described against the one before it (changeList.ts). */
export function shownVersions(history: PartnerHistory, locale?: string): ShownVersion[] {
  const all = history.earlier ? [...history.versions, history.earlier] : history.versions;
  return history.versions.map((version, index) => {
    const data = parsed(version);
    const before = parsed(all[index + 1]);
    const changes =
      version.text === null
        ? ['The partner file was removed in this version.']
        : !data
          ? ['The file in this version is not a valid partner file, so it cannot be restored.']
          : describeChanges(before ?? null, data);
    return {
      hash: version.hash,
      when: dateWords(version.date, locale),
      author: version.author,
      subject: version.message.split('\n')[0] ?? '',
      data,
      changes:
        changes.length > 0
          ? changes
          : ['No change to the partner itself (the file was only moved or reformatted).'],
    };
  });
}
