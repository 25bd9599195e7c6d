import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { journeyPageNames } from '../../../src/preview/journeyPages.ts';
import { pageLabel } from '../blocks/BlocksPanel.tsx';
import { pagesOf } from '../blocks/blocks.ts';
import { experimentOf } from '../experiment/experiments.ts';
import { shareOnCard, sharesNow } from '../experiment/sharesNow.ts';
import { useNow } from '../experiment/useNow.ts';
import { humanize } from '../schema/schema.ts';
import { versionColor } from '../experiment/versionColors.ts';
import type { PreviewMessage } from './messages.ts';
import type { PartnerDraft } from '../schema/partnerTypes.ts';
import { isLanguage, languageNames, type Language } from '../../../src/i18n/languages.ts';

/** Each language's name in English, for a frame's title (the studio speaks US English). */
const englishNames: Readonly<Record<Language, string>> = { en: 'English', es: 'Spanish' };

/** The languages a draft offers, as its file lists them (English alone when it lists none). */
function draftLanguages(partner: PartnerDraft): Language[] {
  const listed = (partner as { languages?: unknown }).languages;
  const known = Array.isArray(listed) ? listed.filter(isLanguage) : [];
  return known.length > 0 ? known : ['en'];
}

/** The three widths every partner page is checked at (the visual tests use the same). */
const widths = [
  { width: 375, name: 'Phone' },
  { width: 1024, name: 'Tablet' },
  { width: 1440, name: 'Desktop' },
];
const gap = 16;

/**
 * The partner page whose A/B test a shown page has: the page itself, or for the offer journey's
 * claim-offer pages the claim-offer page (whose sections they render).
 */
export const experimentPageOf = (shown: string) =>
  shown.startsWith('journey:ClaimOffer') ? 'claimOffer' : shown;

/** A frame of the preview: a width to render at, and the version of the page it shows. */
interface FrameSpec {
  key: string;
  width: number;
  caption: string;
  title: string;
  version?: string;
  /** The language the frame shows the page in (issue 37); absent: the partner's first. */
  language?: Language;
}

const phone = 375;
/** Frames shrink no further than this (text stays readable); past it, the row scrolls sideways. */
const minScale = 0.5;
/** A frame's caption above it (studio.css: one line and its margin). */
const captionHeight = 24;

type Row = { frame: FrameSpec; index: number }[];

/**
 * The frames in rows, and the one scale they are drawn at. Versions stand side by side (the row
 * scrolling sideways past the smallest readable scale). The three screen widths, when they do not
 * fit one row at a readable scale, take two: phone and tablet, then the desktop the whole width,
 * so no frame is cut off at the panel's edge.
 */
function frameRows(specs: FrameSpec[], boxWidth: number, byVersion: boolean) {
  const all: Row = specs.map((frame, index) => ({ frame, index }));
  const fit = (row: Row) =>
    (boxWidth - gap * (row.length - 1)) / row.reduce((sum, { frame }) => sum + frame.width, 0);
  const oneRow = Math.min(1, fit(all));
  const rows: Row[] =
    byVersion || oneRow >= minScale || all.length < 3 ? [all] : [all.slice(0, -1), all.slice(-1)];
  const scale =
    rows.length === 1 ? Math.max(minScale, oneRow) : Math.min(1, ...rows.map((row) => fit(row)));
  const widest = Math.max(
    ...rows.map(
      (row) =>
        row.reduce((sum, { frame }) => sum + frame.width * scale, 0) + gap * (row.length - 1),
    ),
  );
  return { rows, scale, overflows: widest > boxWidth + 0.5 };
}

/**
 * The draft as visitors will see it: one frame per width, each at its true width (so the page's
 * own media queries apply) and scaled down together to fit beside the editor, or to half size with
 * the row scrolling sideways when fitting would make the text too small to read. For a page with an
 * A/B test, the frames can show each version instead, side by side at phone width, each labelled
 * with its share of visitors. The frames render the real pages (studio/src/preview) and get every
 * change by postMessage, a moment after typing.
 */
export function PreviewPane({
  partner,
  editedPage,
  editedBlock,
}: {
  partner: PartnerDraft;
  editedPage: string;
  /** The block open in the forms, which the frames scroll to. */
  editedBlock?: string;
}) {
  const [page, setPage] = useState<string>();
  const shown = page ?? (editedPage === 'claimOffer' ? 'journey:ClaimOffer' : editedPage);
  const experiment = experimentOf(partner, experimentPageOf(shown));
  const hasVersions = (experiment?.variants.length ?? 0) > 0;
  // Undefined: versions side by side whenever the page has an experiment.
  const [layout, setLayout] = useState<'versions' | 'languages' | 'widths'>();
  const byVersion = hasVersions && layout !== 'widths' && layout !== 'languages';
  // The languages the draft offers (issue 37): each at phone width, side by side, on request.
  const offered = draftLanguages(partner);
  const hasLanguages = offered.length > 1;
  const byLanguage = hasLanguages && layout === 'languages';
  const sideBySide = byVersion || byLanguage;
  const now = useNow(experiment);
  const frameSpecs: FrameSpec[] = byLanguage
    ? offered.map((language) => ({
        key: `language-${language}`,
        width: phone,
        caption: `${languageNames[language]} · ${phone} px`,
        title: `Preview in ${englishNames[language]} at ${phone} pixels wide`,
        language,
      }))
    : byVersion
      ? sharesNow(experiment, now).map((version, index) => {
          const name = index === 0 ? 'Control' : version.id;
          return {
            key: `version-${index}`,
            width: phone,
            caption: `${name} · ${version.words}`,
            title: `Preview of ${index === 0 ? 'Control, the page as written' : name} (${shareOnCard(version)}) at ${phone} pixels wide`,
            version: version.id,
          };
        })
      : widths.map(({ width, name }) => ({
          key: `width-${width}`,
          width,
          caption: `${name} · ${width} px`,
          title: `Preview at ${width} pixels wide (${name.toLowerCase()})`,
        }));
  const frames = useRef<(HTMLIFrameElement | null)[]>([]);
  const section = useRef<HTMLElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [boxWidth, setBoxWidth] = useState(800);
  // Frames fill the window's height below the sticky header: the taller the window, the more
  // page shows, and the frames' bottom is never below the window's.
  const [boxHeight, setBoxHeight] = useState(632);
  const { rows, scale, overflows } = frameRows(frameSpecs, boxWidth, sideBySide);
  // Each row of frames gets its share of the height, less its caption and the gap above it.
  const visibleHeight = Math.max(
    120,
    Math.floor(
      // A row that scrolls sideways keeps room for its scroll bar.
      (boxHeight - (overflows ? gap : 0) - rows.length * captionHeight - gap * (rows.length - 1)) /
        rows.length,
    ),
  );
  const frameHeight = Math.round(visibleHeight / scale);
  const versions = frameSpecs.map((frame) => frame.version);
  const frameLanguages = frameSpecs.map((frame) => frame.language);
  const latest = useRef({ partner, page: shown, versions, frameLanguages, editedBlock });
  useLayoutEffect(() => {
    latest.current = { partner, page: shown, versions, frameLanguages, editedBlock };
  });
  const messageFor = (index: number): PreviewMessage => {
    const { partner: draft, page: key, versions: list, editedBlock: block } = latest.current;
    const version = list[index];
    const language = latest.current.frameLanguages[index];
    return {
      kind: 'partner-studio-preview',
      partner: draft,
      page: key,
      ...(version === undefined ? {} : { version }),
      ...(language === undefined ? {} : { language }),
      ...(block === undefined ? {} : { block }),
    };
  };

  useLayoutEffect(() => {
    const element = box.current;
    const pane = section.current;
    if (!element || !pane) return;
    const measure = () => {
      setBoxWidth(element.clientWidth);
      // The pane sticks below the header (studio.css): what is left of the window under the
      // pane's own bar is the frames' (measured, as the header and the bar wrap at some widths).
      const stuckAt = parseFloat(getComputedStyle(pane).top) || 0;
      const above = element.getBoundingClientRect().top - pane.getBoundingClientRect().top;
      setBoxHeight(Math.max(360, Math.floor(window.innerHeight - stuckAt - above - 16)));
    };
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    observer.observe(pane);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, []);

  // A frame that (re)loads asks for the draft; every frame gets each change after a short pause.
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      if ((event.data as { kind?: unknown } | null)?.kind !== 'partner-studio-preview-ready')
        return;
      const index = frames.current.findIndex((f) => f?.contentWindow === event.source);
      if (index >= 0)
        frames.current[index]?.contentWindow?.postMessage(
          messageFor(index),
          window.location.origin,
        );
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
  const versionKey = [...versions, ...frameLanguages].join(',');
  useEffect(() => {
    const timer = setTimeout(() => {
      frames.current.forEach((frame, index) =>
        frame?.contentWindow?.postMessage(messageFor(index), window.location.origin),
      );
    }, 150);
    return () => clearTimeout(timer);
  }, [partner, shown, versionKey, editedBlock]);

  const options = [
    ...Object.keys(pagesOf(partner))
      .filter((key) => key !== 'claimOffer')
      .map((key) => ({ value: key, label: pageLabel(key, partner) })),
    ...journeyPageNames.map((name) => ({
      value: `journey:${name}`,
      label: `Offer journey: ${humanize(name)}`,
    })),
  ];

  return (
    <section ref={section} className="studio-preview" aria-labelledby="preview-heading">
      <div className="studio-preview-bar">
        <h2 id="preview-heading">Live preview</h2>
        <label htmlFor="preview-page">Show</label>
        <select id="preview-page" value={shown} onChange={(event) => setPage(event.target.value)}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        {page !== undefined && (
          <button
            type="button"
            className="studio-button studio-button-small"
            onClick={() => setPage(undefined)}
          >
            Follow the page I edit
          </button>
        )}
        {(hasVersions || hasLanguages) && (
          <fieldset className="studio-preview-layout">
            <legend>Compare</legend>
            {hasVersions && (
              <LayoutChoice checked={byVersion} onChoose={() => setLayout('versions')}>
                Versions side by side
              </LayoutChoice>
            )}
            {hasLanguages && (
              <LayoutChoice checked={byLanguage} onChoose={() => setLayout('languages')}>
                Languages side by side
              </LayoutChoice>
            )}
            <LayoutChoice checked={!sideBySide} onChoose={() => setLayout('widths')}>
              Screen widths
            </LayoutChoice>
          </fieldset>
        )}
      </div>
      {byVersion && (
        <p className="studio-help studio-preview-caption">
          Each version of this page at phone width ({phone} px), with its share of visitors.
        </p>
      )}
      {byLanguage && (
        <p className="studio-help studio-preview-caption">
          This page in each language it offers, at phone width ({phone} px), as you write.
        </p>
      )}
      <div
        ref={box}
        className="studio-frames"
        data-layout={byVersion ? 'versions' : byLanguage ? 'languages' : 'widths'}
        data-rows={rows.length}
        style={{ height: boxHeight }}
        // Frames that do not fit scroll sideways; the row then takes focus to scroll by keyboard.
        {...(overflows
          ? {
              tabIndex: 0,
              role: 'region',
              'aria-label': byVersion
                ? 'Versions side by side'
                : byLanguage
                  ? 'Languages side by side'
                  : 'Screen widths',
            }
          : {})}
      >
        {rows.map((row, rowIndex) => (
          <div key={rowIndex} className="studio-frame-row">
            {row.map(({ frame, index }) => (
              <figure
                key={frame.key}
                className="studio-frame"
                style={{ width: frame.width * scale, height: captionHeight + visibleHeight }}
                data-version={frame.version}
                data-language={frame.language}
              >
                <figcaption title={frame.caption}>
                  {frame.version !== undefined && (
                    // The version's colour, as in the share bar and the results chart.
                    <span
                      className="studio-share-key"
                      style={{ background: versionColor(index) }}
                      aria-hidden="true"
                    />
                  )}
                  {frame.caption}
                </figcaption>
                <iframe
                  ref={(element) => {
                    frames.current[index] = element;
                  }}
                  title={frame.title}
                  src="/preview.html"
                  width={frame.width}
                  height={frameHeight}
                  tabIndex={-1}
                  style={{ transform: `scale(${scale})`, transformOrigin: '0 0' }}
                />
              </figure>
            ))}
          </div>
        ))}
      </div>
    </section>
  );
}

/** One of the preview's layouts under "Compare": a radio of the one group. */
function LayoutChoice({
  checked,
  onChoose,
  children,
}: {
  checked: boolean;
  onChoose: () => void;
  children: ReactNode;
}) {
  return (
    <label>
      <input type="radio" name="preview-layout" checked={checked} onChange={onChoose} />
      {children}
    </label>
  );
}
