import { blockLabel, blockTypeName, pageLabel } from '../blocks/labels.ts';
import { pagesOf } from '../blocks/blocks.ts';
import { changedPointers, partsOf, pointerOf, valueAt } from '../diff/pointers.ts';
import { momentInWords } from '../forms/zonedTime.ts';
import { cutOnWords } from '../history/commitMessage.ts';
import { experimentOf, formatShare, pageCopy, versionShares } from '../experiment/experiments.ts';
import { shareAndSchedule as shareWords, sharesNow } from '../experiment/sharesNow.ts';
import { fieldLabel, humanize, type Json } from '../schema/schema.ts';
import type {
  ExperimentDraft,
  PartnerDraft,
  BlockDraft,
  VariantDraft,
} from '../schema/partnerTypes.ts';
import type { StartedFrom } from '../editor/draftStore.ts';
import { languageWord, textsIn } from '../translations/translationEdits.ts';
import { isLanguage } from '../../../src/i18n/languages.ts';
import { isJsonObject } from '../schema/json.ts';

/**
 * The change from one version of a partner to another as sentences a person reads ("FAQ (faq)
 * moved from 5th to 4th", "Hero (hero) title: 'A' → 'B'", "New campaign page /acme/spring"),
 * for the review before saving and for a colleague's change on disk. Blocks are matched by id,
 * so a move is a move, not a removal and an addition. A text in another language says its
 * language first ("Spanish: Hero (hero) Title: …", issue 37).
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
export function blockChanges(before: BlockDraft[], after: BlockDraft[], where: string): string[] {
  const was = new Map(before.map((section, index) => [section.id, { section, index }]));
  const now = new Map(after.map((section, index) => [section.id, { section, index }]));
  const lines: string[] = [];
  for (const section of before)
    if (!now.has(section.id)) lines.push(`${where}${blockLabel(section)} removed`);
  const common = (list: BlockDraft[]) =>
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

/** "the page as written (control)", "variant warm". */
const versionWords = (id: string, index: number) =>
  index === 0 ? 'the page as written (control)' : `variant ${id}`;

/** What a variant changes against the page: its changed settings, or its own blocks' differences. */
function variantContent(variant: VariantDraft, pageBlocks: BlockDraft[], where: string): string[] {
  if (variant.sections) {
    const lines = blockChanges(pageBlocks, variant.sections, where);
    return lines.length > 0 ? lines : [`${where}its own copy of the page's blocks, unchanged yet`];
  }
  const overrides: NonNullable<VariantDraft['overrides']> = variant.overrides ?? {};
  const lines = Object.entries(overrides).flatMap(([id, override]) => {
    const section = pageBlocks.find((candidate) => candidate.id === id);
    return settingChanges(undefined, override, `${where}${section ? blockLabel(section) : id}`);
  });
  return lines.length > 0 ? lines : [`${where}changes nothing yet`];
}

/** The shares now, as the share bar lists them: "the page as written (control) 50% now, …". */
const sharesLine = (experiment: ExperimentDraft, page: string, now: number) =>
  `${page} A/B test, share of visitors now: ${sharesNow(experiment, now)
    .map((share, index) => `${versionWords(share.id, index)} ${share.words}`)
    .join(', ')}`;

/**
 * A variant's schedule changes in words. A new end is a stop ("Stop this variant" writes now);
 * when the stop also drops a start not yet reached, the variant never ran, and the sentence says so.
 */
function scheduleChanges(
  was: VariantDraft['schedule'],
  next: VariantDraft['schedule'],
  name: string,
  now: number,
): string[] {
  const lines: string[] = [];
  const end = next?.end;
  const stopped = end !== undefined && end !== was?.end;
  const neverRan = stopped && was?.start !== undefined && next?.start === undefined;
  if (neverRan && was.start !== undefined)
    lines.push(
      `${name} stopped before it started (it was to start on ${momentInWords(was.start)}); it takes no visitors, and the other versions keep their shares`,
    );
  else if (stopped)
    lines.push(
      `${name} ${Date.parse(end) <= now ? 'stopped' : 'stops'} on ${momentInWords(end)}; its share goes to the other versions`,
    );
  if (!neverRan && was?.start !== next?.start) {
    if (!next?.start && was?.start)
      lines.push(
        `${name} no longer waits to start (it was to start on ${momentInWords(was.start)})`,
      );
    else if (next?.start)
      lines.push(
        `${name} starts on ${momentInWords(next.start)}${was?.start ? ` (was ${momentInWords(was.start)})` : ''}`,
      );
  }
  if (was?.end && !end)
    lines.push(`${name} no longer ends (it was to end on ${momentInWords(was.end)})`);
  return lines;
}

function experimentChanges(
  before: ExperimentDraft | undefined,
  after: ExperimentDraft | undefined,
  page: string,
  pageBlocks: BlockDraft[],
  wasBlocks: BlockDraft[],
  now: number,
): string[] {
  if (!before && !after) return [];
  if (!after) return [`A/B test on the ${page} removed (it was ${splitOf(before)})`];
  const [control, ...variantShares] = sharesNow(after, now);
  /** A new version's share and schedule, then what it changes. */
  const described = (variant: VariantDraft, index: number, lead: string) => {
    const share = variantShares[index];
    return [
      ...(share ? [`${lead}: ${shareWords(share, variant.schedule, false)}`] : [lead]),
      ...variantContent(variant, pageBlocks, `${page}, variant ${variant.id}: `),
    ];
  };
  if (!before)
    return [
      `A/B test added on the ${page} with ${after.variants.length + 1} versions`,
      ...(control
        ? [`${page} A/B test, ${versionWords('', 0)}: ${shareWords(control, undefined, true)}`]
        : []),
      ...after.variants.flatMap((variant, index) =>
        described(variant, index, `${page} A/B test, variant ${variant.id}`),
      ),
    ];
  const lines: string[] = [];
  let sharesMoved = splitOf(before) !== splitOf(after);
  if (sharesMoved) lines.push(`${page} A/B test split: ${splitOf(before)} → ${splitOf(after)}`);
  const old = new Map(before.variants.map((variant) => [variant.id, variant]));
  const ids = new Set(after.variants.map((variant) => variant.id));
  for (const variant of before.variants)
    if (!ids.has(variant.id)) lines.push(`${page} A/B test: variant ${variant.id} removed`);
  after.variants.forEach((variant, index) => {
    const was = old.get(variant.id);
    const where = `${page}, variant ${variant.id}: `;
    if (!was) {
      lines.push(...described(variant, index, `${page} A/B test: variant ${variant.id} added`));
      return;
    }
    const { sections: wasOwn, overrides: wasOverrides } = was;
    const { sections, overrides } = variant;
    const scheduled = scheduleChanges(
      was.schedule,
      variant.schedule,
      `${page} A/B test: variant ${variant.id}`,
      now,
    );
    if (scheduled.length > 0) sharesMoved = true;
    lines.push(...scheduled);
    // The weight shows in the split above, the schedule just now; the note by name.
    lines.push(
      ...settingChanges(
        was.note === undefined ? {} : { note: was.note },
        variant.note === undefined ? {} : { note: variant.note },
        where.slice(0, -2),
      ),
    );
    if (wasOwn || sections) {
      if (!wasOwn) lines.push(`${where}now has its own copy of the page's blocks`);
      else if (!sections) lines.push(`${where}now changes some of the page's blocks again`);
      else lines.push(...blockChanges(wasOwn, sections, where));
    }
    const label = (id: string) => {
      const section = [...pageBlocks, ...wasBlocks].find((candidate) => candidate.id === id);
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
  });
  // What the share bar says after a change of weights, variants or schedules.
  if (sharesMoved || after.variants.length !== before.variants.length)
    lines.push(sharesLine(after, page, now));
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

/** "Home page, Claim-offer page and Spring page". */
const listed = (names: string[]) =>
  names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/** The one line that opens a new partner's changes. */
function newPartnerLine(after: PartnerDraft, template?: string): string {
  const id = String(after.id ?? '');
  const pages = listed(Object.keys(pagesOf(after)).map((key) => pageLabel(key, after)));
  return template
    ? `New partner ${shown(after.name)} at /${id}, started from ${template}, with ${pages}`
    : `New partner ${shown(after.name)} at /${id}, with ${pages}`;
}

/**
 * A draft's changes for the review: from the file it was opened from, or, for a new partner, the
 * new partner itself and then every change from the page it started from (its template as it was
 * copied: brand, logo, texts, blocks moved, added and removed), so the first save's review and
 * commit list what the person did rather than one line.
 */
export function draftChanges(
  draft: { original: PartnerDraft | null; startedFrom?: StartedFrom },
  data: PartnerDraft,
  now: number = Date.now(),
): string[] {
  if (draft.original || !draft.startedFrom) return describeChanges(draft.original, data, now);
  const { template, data: start } = draft.startedFrom;
  return [newPartnerLine(data, template), ...describeChanges(start, data, now)];
}

/** Every change from `before` (null: a new partner) to `after`, as sentences. */
export function describeChanges(
  before: PartnerDraft | null,
  after: PartnerDraft,
  now: number = Date.now(),
): string[] {
  const id = String(after.id ?? '');
  if (!before) return [newPartnerLine(after)];
  // Another language's texts are named below, in the words of the English text they translate.
  const settingsOf = (partner: PartnerDraft) =>
    Object.fromEntries(
      Object.entries(partner).filter(([key]) => key !== 'pages' && key !== 'translations'),
    );
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
          page.sections,
          was.sections,
          now,
        ),
      );
  }
  lines.push(...translationChanges(before, after));
  return lines;
}

/**
 * A place of the file as the review names it, for the English text a translation translates:
 * "Home page: Hero (hero) Title", "Home page, variant warm: Hero (hero) Title", "Branding › Logo
 * description".
 */
function placeWords(partner: PartnerDraft, pointer: string): string {
  const parts = partsOf(pointer);
  const [top, key, area, ...rest] = parts;
  if (top !== 'pages' || key === undefined) return placeName(parts);
  const page = pagesOf(partner)[key];
  const label = pageLabel(key, partner);
  /** `at` is [position, 'props', ...setting]. */
  const inBlock = (block: BlockDraft | undefined, inside: string[], where: string) =>
    [`${where}${block ? blockLabel(block) : 'a block'}`, placeName(inside)]
      .filter(Boolean)
      .join(' ');
  const inList = (blocks: BlockDraft[] | undefined, at: string[], where: string) =>
    inBlock(blocks?.[Number(at[0])], at.slice(at[1] === 'props' ? 2 : 1), where);
  if (area === 'sections') return inList(page?.sections, rest, `${label}: `);
  if (area === 'experiment' && rest[0] === 'variants') {
    const variant = page?.experiment?.variants[Number(rest[1])];
    const where = `${label}, variant ${variant?.id ?? Number(rest[1]) + 1}: `;
    const [kind, id = '', ...inside] = rest.slice(2);
    if (kind === 'sections') return inList(variant?.sections, [id, ...inside], where);
    if (kind === 'overrides')
      return inBlock(
        page?.sections.find((block) => block.id === id),
        inside,
        where,
      );
  }
  return `${label} ${placeName(parts.slice(2))}`;
}

/** Every text (a string) under a value, by its pointer relative to it. */
function textsUnder(value: Json | undefined, at = ''): Map<string, string> {
  if (typeof value === 'string') return new Map([[at, value]]);
  const entries: [string, Json][] = Array.isArray(value)
    ? value.map((item, index) => [String(index), item])
    : isJsonObject(value ?? null)
      ? Object.entries(value as Record<string, Json>)
      : [];
  return new Map(
    entries.flatMap(([key, item]) => [...textsUnder(item, `${at}${pointerOf([key])}`)]),
  );
}

/** Where a file keeps texts in another language, and whose they are (a variant's, by page and id). */
interface TranslationPlace {
  language: string;
  at: string;
  variant?: { page: string; id: string };
}

/**
 * Where a file keeps another language's texts: the partner's own (translations.<language>) and
 * each variant's, keyed so a variant's are matched by page and id wherever it sits in its list.
 */
function translationPlaces(partner: PartnerDraft): Map<string, TranslationPlace> {
  const places = new Map<string, TranslationPlace>();
  const languagesAt = (parts: string[]) => {
    const node = valueAt(partner as unknown as Json, pointerOf(parts));
    return isJsonObject(node ?? null) ? Object.keys(node as Record<string, Json>) : [];
  };
  for (const language of languagesAt(['translations']))
    places.set(language, { language, at: pointerOf(['translations', language]) });
  for (const [page, { experiment }] of Object.entries(pagesOf(partner)))
    experiment?.variants.forEach((variant, v) => {
      // A variant's id may be half typed for a moment; its position stands in.
      const id = variant.id ?? String(v + 1);
      const at = ['pages', page, 'experiment', 'variants', String(v), 'translations'];
      for (const language of languagesAt(at))
        places.set(`${language} ${page} ${id}`, {
          language,
          at: pointerOf([...at, language]),
          variant: { page, id },
        });
    });
  return places;
}

/**
 * Each changed text in another language, named by the English it translates and led by the
 * language ("Spanish: Home page: Hero (hero) Title: 'Hola' → 'Bienvenido'"), so a reviewer
 * knows which page a change shows on.
 */
function translationChanges(before: PartnerDraft, after: PartnerDraft): string[] {
  const wasPlaces = translationPlaces(before);
  const nowPlaces = translationPlaces(after);
  /** Translation's place -> the English text's, per language, in one version of the file. */
  const sources = (partner: PartnerDraft, places: Map<string, TranslationPlace>) =>
    new Map(
      [...new Set([...places.values()].map((place) => place.language))].map((language) => [
        language,
        new Map(
          (isLanguage(language) ? textsIn(partner, language, '') : []).map((text) => [
            text.translation,
            text.pointer,
          ]),
        ),
      ]),
    );
  const wasSources = sources(before, wasPlaces);
  const nowSources = sources(after, nowPlaces);
  const lines: string[] = [];
  for (const key of new Set([...wasPlaces.keys(), ...nowPlaces.keys()])) {
    const was = wasPlaces.get(key);
    const now = nowPlaces.get(key);
    const place = now ?? was;
    if (!place) continue;
    const wasTexts = was ? textsUnder(valueAt(before as unknown as Json, was.at)) : new Map();
    const nowTexts = now ? textsUnder(valueAt(after as unknown as Json, now.at)) : new Map();
    for (const pointer of new Set([...wasTexts.keys(), ...nowTexts.keys()])) {
      const old: string | undefined = wasTexts.get(pointer);
      const text: string | undefined = nowTexts.get(pointer);
      if (old === text) continue;
      const inAfter = now && nowSources.get(now.language)?.get(`${now.at}${pointer}`);
      const inBefore = was && wasSources.get(was.language)?.get(`${was.at}${pointer}`);
      // A text the file gives for no English one (a misspelt block id): named by where it is.
      const where = place.variant
        ? `${pageLabel(place.variant.page, after)}, variant ${place.variant.id}: `
        : '';
      const name = inAfter
        ? placeWords(after, inAfter)
        : inBefore
          ? placeWords(before, inBefore)
          : `${where}${placeName(partsOf(pointer))}`;
      const lead = `${languageWord(place.language)}: ${name}`;
      if (old === undefined) lines.push(`${lead} set to ${shown(text)}`);
      else if (text === undefined) lines.push(`${lead} removed (was ${shown(old)})`);
      else lines.push(`${lead}: ${shown(old)} → ${shown(text)}`);
    }
  }
  return lines;
}
