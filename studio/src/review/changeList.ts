import { blockLabel, blockTypeName, pageLabel } from '../blocks/labels.ts';
import { pagesOf } from '../blocks/blocks.ts';
import { changedPointers, partsOf, valueAt } from '../diff/pointers.ts';
import { momentInWords } from '../forms/zonedTime.ts';
import { cutOnWords } from '../history/commitMessage.ts';
import { experimentOf, formatShare, pageCopy, versionShares } from '../experiment/experiments.ts';
import { fieldLabel, humanize, type Json, type JsonObject } from '../schema/schema.ts';
import type { ExperimentDraft, PartnerDraft, SectionDraft } from '../schema/partnerTypes.ts';

/**
 * The change from one version of a partner to another as sentences a person reads ("FAQ (faq)
 * moved from 5th to 4th", "Hero (hero) title: 'A' → 'B'", "New campaign page /acme/spring"),
 * for the review before saving and for a colleague's change on disk. Blocks are matched by id,
 * so a move is a move, not a removal and an addition.
 */
/** 1st, 2nd, 3rd, 4th... 11th, 12th, 13th, 21st. */
const ordinal = (n: number) => {
  const suffixes = ['th', 'st', 'nd', 'rd'];
  const tens = n % 100;
  return `${n}${suffixes[(tens - 20) % 10] ?? suffixes[tens] ?? 'th'}`;
};

/** A value as a short quote: texts in quotes, at most 60 characters; lists and groups by size. */
function shown(value: Json | undefined): string {
  if (value === undefined || value === null) return 'nothing';
  if (typeof value === 'string') {
    const text = value
      .replace(/<[^>]+>/g, '')
      .replace(/\s+/g, ' ')
      .trim();
    // Cut on a whole word: these sentences are also the lines of a commit message.
    return `'${cutOnWords(text, 58)}'`;
  }
  if (Array.isArray(value)) return `a list of ${value.length}`;
  if (typeof value === 'object') return 'a group of settings';
  return String(value);
}

/** "theme/brandColor" -> "Brand color"; list positions as "item 2". */
const placeName = (parts: readonly string[]) =>
  parts
    .map((part) => (/^\d+$/.test(part) ? `item ${Number(part) + 1}` : fieldLabel(part)))
    .join(' › ');

/** One sentence per changed place under `at` (a pointer), named from `label`. */
function settingChanges(was: Json | undefined, now: Json | undefined, label: string): string[] {
  // A group that appears or goes is named by its settings.
  const isGroup = (value: Json | undefined) =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
  const before = was === undefined && isGroup(now) ? {} : was;
  const after = now === undefined && isGroup(was) ? {} : now;
  return changedPointers(before, after).map((pointer) => {
    const parts = partsOf(pointer);
    const name = [label, placeName(parts)].filter(Boolean).join(' ');
    const was = valueAt(before, pointer);
    const now = valueAt(after, pointer);
    if (was === undefined) return `${name} set to ${shown(now)}`;
    if (now === undefined) return `${name} removed (was ${shown(was)})`;
    return `${name}: ${shown(was)} → ${shown(now)}`;
  });
}

/** The ids kept in order by both lists (a longest common subsequence); the others moved. */
function keptInOrder(before: string[], after: string[]): Set<string> {
  const rows = before.length + 1;
  const cols = after.length + 1;
  const table: number[] = new Array<number>(rows * cols).fill(0);
  const at = (i: number, j: number) => table[i * cols + j] ?? 0;
  for (let i = before.length - 1; i >= 0; i--)
    for (let j = after.length - 1; j >= 0; j--)
      table[i * cols + j] =
        before[i] === after[j] ? at(i + 1, j + 1) + 1 : Math.max(at(i + 1, j), at(i, j + 1));
  const kept = new Set<string>();
  for (let i = 0, j = 0; i < before.length && j < after.length;) {
    const id = before[i];
    if (id !== undefined && id === after[j]) {
      kept.add(id);
      i++;
      j++;
      // On a tie the block later in the new order is the one that moved (up, as a person does).
    } else if (at(i + 1, j) > at(i, j + 1)) i++;
    else j++;
  }
  return kept;
}

/** Added, removed, moved and edited blocks of one list, each sentence starting with `where`. */
export function blockChanges(
  before: SectionDraft[],
  after: SectionDraft[],
  where: string,
): string[] {
  const was = new Map(before.map((section, index) => [section.id, { section, index }]));
  const now = new Map(after.map((section, index) => [section.id, { section, index }]));
  const lines: string[] = [];
  for (const section of before)
    if (!now.has(section.id)) lines.push(`${where}${blockLabel(section)} removed`);
  const common = (list: SectionDraft[]) =>
    list.map((s) => s.id).filter((id) => was.has(id) && now.has(id));
  const kept = keptInOrder(common(before), common(after));
  after.forEach((section, index) => {
    const old = was.get(section.id);
    if (!old) {
      lines.push(
        `${where}new ${blockLabel(section)} block, ${ordinal(index + 1)} of ${after.length}`,
      );
      return;
    }
    if (!kept.has(section.id))
      lines.push(
        `${where}${blockLabel(section)} moved from ${ordinal(old.index + 1)} to ${ordinal(index + 1)}`,
      );
    if (old.section.type !== section.type)
      lines.push(`${where}${blockLabel(section)} is now a ${blockTypeName(section.type)} block`);
    else
      lines.push(
        ...settingChanges(old.section.props, section.props, `${where}${blockLabel(section)}`),
      );
  });
  return lines;
}

const splitOf = (experiment: ExperimentDraft | undefined) =>
  versionShares(experiment)
    .map((version) => formatShare(version.share).replace(' (paused)', ''))
    .join('/');

function experimentChanges(
  before: ExperimentDraft | undefined,
  after: ExperimentDraft | undefined,
  page: string,
  pageSections: SectionDraft[],
  now: number,
): string[] {
  if (!before && !after) return [];
  if (!before) return [`A/B test added on the ${page}: ${splitOf(after)}`];
  if (!after) return [`A/B test on the ${page} removed (it was ${splitOf(before)})`];
  const lines: string[] = [];
  if (splitOf(before) !== splitOf(after))
    lines.push(`${page} A/B test split: ${splitOf(before)} → ${splitOf(after)}`);
  const old = new Map(before.variants.map((variant) => [variant.id, variant]));
  const ids = new Set(after.variants.map((variant) => variant.id));
  for (const variant of before.variants)
    if (!ids.has(variant.id)) lines.push(`${page} A/B test: variant ${variant.id} removed`);
  for (const variant of after.variants) {
    const was = old.get(variant.id);
    const where = `${page}, variant ${variant.id}: `;
    if (!was) {
      lines.push(`${page} A/B test: variant ${variant.id} added`);
      continue;
    }
    const { sections: wasSections, overrides: wasOverrides } = was;
    const { sections, overrides } = variant;
    // A new end is a stop ("Stop this variant" writes now): said as one, not as a setting.
    const end = variant.schedule?.end;
    const stopped = end !== undefined && end !== was.schedule?.end;
    if (stopped)
      lines.push(
        `${page} A/B test: variant ${variant.id} ${Date.parse(end) <= now ? 'stopped' : 'stops'} on ${momentInWords(end)}; its share goes to the other versions`,
      );
    // The weight shows in the split above; the rest by name.
    const ownSettings = (v: typeof variant): JsonObject => {
      const schedule = { ...v.schedule };
      if (stopped) delete schedule.end;
      return {
        ...(v.note === undefined ? {} : { note: v.note }),
        ...(Object.keys(schedule).length === 0 ? {} : { schedule }),
      };
    };
    lines.push(...settingChanges(ownSettings(was), ownSettings(variant), where.slice(0, -2)));
    if (wasSections || sections) {
      if (!wasSections) lines.push(`${where}now has its own copy of the page's blocks`);
      else if (!sections) lines.push(`${where}now changes some of the page's blocks again`);
      else lines.push(...blockChanges(wasSections, sections, where));
    }
    const label = (id: string) => {
      const section = pageSections.find((candidate) => candidate.id === id);
      return section ? blockLabel(section) : id;
    };
    for (const id of new Set([
      ...Object.keys(wasOverrides ?? {}),
      ...Object.keys(overrides ?? {}),
    ])) {
      if (wasOverrides?.[id] && !overrides?.[id])
        lines.push(`${where}its change of ${label(id)} removed`);
      else
        lines.push(...settingChanges(wasOverrides?.[id], overrides?.[id], `${where}${label(id)}`));
    }
  }
  return lines;
}

const pageSettingKeys = ['slug', 'title', 'description', 'schedule'] as const;

/**
 * The variant whose blocks the page now has, when the page's test ended that way ("Make this the
 * page"): the test is gone and the page's blocks are that variant's as it showed them.
 */
function madeThePage(before: PartnerDraft, after: PartnerDraft, key: string): string | undefined {
  const was = experimentOf(before, key);
  if (!was || experimentOf(after, key)) return undefined;
  const now = JSON.stringify(pagesOf(after)[key]?.sections);
  return was.variants.find(
    (variant) => JSON.stringify(variant.sections ?? pageCopy(before, key, variant)) === now,
  )?.id;
}

/** Every change from `before` (null: a new partner) to `after`, as sentences. */
export function describeChanges(
  before: PartnerDraft | null,
  after: PartnerDraft,
  now: number = Date.now(),
): string[] {
  const id = String(after.id ?? '');
  if (!before) {
    const pages = Object.keys(pagesOf(after)).map((key) => pageLabel(key, after));
    return [`New partner ${shown(after.name)} at /${id}, with ${pages.join(', ')}`];
  }
  const settingsOf = (partner: PartnerDraft) =>
    Object.fromEntries(Object.entries(partner).filter(([key]) => key !== 'pages'));
  const lines = settingChanges(settingsOf(before), settingsOf(after), '');
  const wasPages = pagesOf(before);
  const nowPages = pagesOf(after);
  for (const key of Object.keys(wasPages))
    if (!nowPages[key]) lines.push(`${pageLabel(key, before)} removed`);
  for (const [key, page] of Object.entries(nowPages)) {
    const was = wasPages[key];
    const label = pageLabel(key, after);
    if (!was) {
      lines.push(page.slug ? `New campaign page /${id}/${page.slug}` : `New page ${label}`);
      continue;
    }
    for (const setting of pageSettingKeys)
      lines.push(...settingChanges(was[setting], page[setting], `${label} ${humanize(setting)}`));
    const shipped = madeThePage(before, after, key);
    if (shipped)
      lines.push(
        `${label}: variant ${shipped} made the page; its A/B test ends (its results stay in Test results)`,
      );
    lines.push(...blockChanges(was.sections, page.sections, `${label}: `));
    if (!shipped)
      lines.push(
        ...experimentChanges(
          experimentOf(before, key),
          experimentOf(after, key),
          label,
          [...page.sections, ...was.sections],
          now,
        ),
      );
  }
  return lines;
}
