import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import {
  studioApi,
  StudioApiError,
  type Picture,
  type PreparedSave,
  type Problem,
} from '../api/studioApi.ts';
import { blockFormId, BlocksPanel, pageFormId, pageLabel } from '../blocks/BlocksPanel.tsx';
import { pagesOf, sectionsOf } from '../blocks/blocks.ts';
import { forgetDraft, storeDraft, type StoredDraft } from './draftStore.ts';
import {
  ExperimentLink,
  ExperimentPanel,
  variantBlockFormId,
  variantSectionsAt,
  type OpenBlock,
} from '../experiment/ExperimentPanel.tsx';
import { experimentOf } from '../experiment/experiments.ts';
import { ImagesPanel, pictureToUse } from '../images/ImagesPanel.tsx';
import { PreviewPane } from '../preview/PreviewPane.tsx';
import { SaveReview } from '../review/SaveReview.tsx';
import {
  errorTree,
  fieldId,
  pointerParts,
  problemPath,
  settingsSchema,
  uiSchemaFor,
  type Json,
  type JsonObject,
} from '../schema/schema.ts';
import { StudioForm } from '../forms/StudioForm.tsx';

// The chart library loads only when the results are opened.
const ResultsPanel = lazy(() => import('../results/ResultsPanel.tsx'));

const tabs = [
  { id: 'settings', label: 'Partner settings' },
  { id: 'pages', label: 'Pages and blocks' },
  { id: 'images', label: 'Pictures' },
  { id: 'results', label: 'Test results' },
] as const;
type Tab = (typeof tabs)[number]['id'];

const settingsUi = {
  ...uiSchemaFor(settingsSchema),
  // The id is the file name and the page address: fixed once the partner is created.
  id: { ...uiSchemaFor(settingsSchema).id, 'ui:readonly': true },
};
const settingsPrefix = 'settings';

const settingsOf = (partner: JsonObject): Json =>
  Object.fromEntries(
    Object.entries(partner).filter(([key]) => !['$schema', 'schemaVersion', 'pages'].includes(key)),
  );

/**
 * The element of a block to focus for a problem under it (`rest` is the pointer after the block):
 * the field concerned; for a missing setting (reported on the block's props) the setting's empty
 * field; else the block's heading.
 */
function blockTarget(problem: Problem, form: string, rest: string[]): string[] {
  const heading = `${form}-heading`;
  if (rest[0] !== 'props') return [heading];
  const path = problemPath(rest.slice(1), problem);
  // The heading too, for a field the form does not draw as one element.
  return path.length > 0 ? [fieldId(form, path), heading] : [heading];
}

/** Where a problem's field is: the tab, page and block to open, and the element to focus. */
function locate(problem: Problem, partner: JsonObject) {
  const parts = pointerParts(problem.pointer);
  if (parts[0] === 'pages' && parts[1]) {
    const pageKey = parts[1];
    if (parts[2] === 'sections' && parts[3] !== undefined) {
      const index = Number(parts[3]);
      const section = sectionsOf(partner, pageKey)[index];
      const target = blockTarget(problem, blockFormId(pageKey, index), parts.slice(4));
      const expand = section && { list: `/pages/${pageKey}/sections`, id: section.id };
      return { tab: 'pages' as const, pageKey, expand, target };
    }
    // A block of a variant's own list: /pages/landing/experiment/variants/0/sections/2/props/title.
    if (parts[2] === 'experiment' && parts[3] === 'variants' && parts[5] === 'sections') {
      const variant = Number(parts[4]);
      const index = Number(parts[6]);
      const section = experimentOf(partner, pageKey)?.variants[variant]?.sections?.[index];
      if (section) {
        const form = variantBlockFormId(pageKey, variant, index);
        const target = blockTarget(problem, form, parts.slice(7));
        const expand = { list: variantSectionsAt(pageKey, variant), id: section.id };
        return { tab: 'pages' as const, pageKey, expand, target };
      }
    }
    const target = parts[2] ? fieldId(pageFormId(pageKey), parts.slice(2)) : 'page-picker';
    return { tab: 'pages' as const, pageKey, expand: undefined, target: [target] };
  }
  return {
    tab: 'settings' as const,
    pageKey: undefined,
    expand: undefined,
    target: [fieldId(settingsPrefix, parts)],
  };
}

/**
 * Where in an A/B test a problem is ("Home page, variant warm: "), since the same sentence can
 * concern several variants; other problems say where they are themselves.
 */
function experimentPlace(problem: Problem, partner: JsonObject): string {
  const parts = pointerParts(problem.pointer);
  if (parts[0] !== 'pages' || !parts[1] || parts[2] !== 'experiment') return '';
  const page = pageLabel(parts[1], partner);
  const index = parts[3] === 'variants' ? Number(parts[4]) : Number.NaN;
  const variant = Number.isInteger(index)
    ? experimentOf(partner, parts[1])?.variants[index]
    : undefined;
  return variant ? `${page}, variant ${variant.id}: ` : `${page}, A/B test: `;
}

export function Editor({ initial, onClose }: { initial: StoredDraft; onClose: () => void }) {
  const [draft, setDraft] = useState(initial);
  const { id, data } = draft;
  const [problems, setProblems] = useState<Problem[]>([]);
  // The draft the current problems were found in: while it is not this one, a check is running.
  const [checked, setChecked] = useState<JsonObject>();
  const checking = checked !== data;
  const [tab, setTab] = useState<Tab>('settings');
  const [pageKey, setPageKey] = useState('landing');
  // The open block, in the page's list or in a variant's own list.
  const [expanded, setExpanded] = useState<OpenBlock>();
  const [pictures, setPictures] = useState<Picture[]>([]);
  const [prepared, setPrepared] = useState<PreparedSave>();
  const [notice, setNotice] = useState<{ error: boolean; text: string }>();
  const [busy, setBusy] = useState(false);
  // The elements to focus after a "Show me", the first found: the field, else its block.
  const focusTarget = useRef<string[]>(undefined);

  const dirty = JSON.stringify(data) !== JSON.stringify(draft.original);

  const update = useCallback((next: JsonObject) => {
    setDraft((current) => {
      const stored = { ...current, data: next, updatedAt: new Date().toISOString() };
      storeDraft(stored);
      return stored;
    });
    setPrepared(undefined);
  }, []);

  // The checker runs on the server a moment after each change, as `partners:check` would.
  useEffect(() => {
    const timer = setTimeout(() => {
      studioApi
        .check(id, data)
        .then((answer) => setProblems(answer.problems))
        .catch((error: unknown) =>
          setProblems([
            {
              file: '',
              pointer: '/',
              message: String(error instanceof Error ? error.message : error),
            },
          ]),
        )
        .finally(() => setChecked(data));
    }, 250);
    return () => clearTimeout(timer);
  }, [id, data]);

  useEffect(() => {
    studioApi.images(id).then(
      (answer) => setPictures(answer.pictures),
      () => setPictures([]),
    );
  }, [id]);

  // After a "Show me", focus the field once its tab, page and block are on screen.
  useEffect(() => {
    const targets = focusTarget.current;
    if (!targets) return;
    const frame = requestAnimationFrame(() => {
      const element = targets
        .flatMap((target) => [`${target}__legend`, target])
        .map((id) => document.getElementById(id))
        .find((found) => found !== null);
      if (element) {
        element.scrollIntoView({ block: 'center' });
        element.focus();
        focusTarget.current = undefined;
      }
    });
    return () => cancelAnimationFrame(frame);
  });

  const showProblem = (problem: Problem) => {
    const place = locate(problem, data);
    setPrepared(undefined);
    setTab(place.tab);
    if (place.pageKey) setPageKey(place.pageKey);
    if (place.expand) setExpanded(place.expand);
    focusTarget.current = place.target;
    setBusy(false);
  };

  const review = async () => {
    setBusy(true);
    setNotice(undefined);
    try {
      setPrepared(await studioApi.prepare(id, data));
    } catch (error) {
      setNotice({ error: true, text: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  };

  const save = async () => {
    setBusy(true);
    try {
      const saved = await studioApi.save(id, data, draft.baseHash);
      const original = JSON.parse(saved.text) as JsonObject;
      setDraft((current) => ({ ...current, baseHash: saved.hash, original, data: original }));
      forgetDraft(id);
      setPrepared(undefined);
      setNotice({ error: false, text: `Saved partners/${id}.json. It passes the partner check.` });
    } catch (error) {
      if (error instanceof StudioApiError && error.problems.length > 0) {
        setPrepared({ text: '', diff: [], problems: error.problems, diskHash: null });
      } else {
        setPrepared(undefined);
        setNotice({ error: true, text: error instanceof Error ? error.message : String(error) });
      }
    } finally {
      setBusy(false);
    }
  };

  const reloadFromDisk = async () => {
    const file = await studioApi.read(id);
    const original = JSON.parse(file.text) as JsonObject;
    const next = { ...draft, data: original, original, baseHash: file.hash };
    forgetDraft(id);
    setDraft(next);
    setNotice({ error: false, text: `Loaded partners/${id}.json as it is on disk now.` });
  };

  const settingsErrors = useMemo(
    () =>
      errorTree(
        problems
          .filter((problem) => pointerParts(problem.pointer)[0] !== 'pages')
          .map((problem) => ({ path: pointerParts(problem.pointer), message: problem.message })),
      ),
    [problems],
  );
  const context = useMemo(
    () => ({
      // Picture fields are offered the optimised copy of each upload, not its original.
      images: pictures.map(pictureToUse),
      textColor: String(((data.theme ?? {}) as JsonObject).textColor ?? '#2F3437'),
    }),
    [pictures, data.theme],
  );

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    const next = tabs[(index + step + tabs.length) % tabs.length];
    if (!next) return;
    setTab(next.id);
    document.getElementById(`tab-${next.id}`)?.focus();
  };

  const name = typeof data.name === 'string' ? data.name : id;
  const shownPage = pageKey in pagesOf(data) ? pageKey : 'landing';
  const problemsOutside = problems.length;

  return (
    <div className="studio-editor">
      <header className="studio-header">
        <div>
          <p className="studio-kicker">Partner Studio</p>
          <h1>
            {name} <span className="studio-muted">partners/{id}.json</span>
          </h1>
        </div>
        <p className="studio-state" role="status" aria-live="polite" data-testid="draft-state">
          {draft.baseHash === null
            ? 'New partner, not saved yet. Your edits are kept in this browser.'
            : dirty
              ? 'Unsaved changes, kept in this browser.'
              : 'No unsaved changes.'}{' '}
          {checking
            ? 'Checking…'
            : problemsOutside === 0
              ? 'The partner check finds no problems.'
              : `${problemsOutside} problem${problemsOutside === 1 ? '' : 's'} to fix.`}
        </p>
        <div className="studio-row">
          <button
            type="button"
            className="studio-button studio-button-primary"
            onClick={review}
            disabled={busy}
          >
            Review and save
          </button>
          <button type="button" className="studio-button" onClick={onClose}>
            Close partner
          </button>
        </div>
      </header>

      {notice && (
        <div
          className={notice.error ? 'studio-notice studio-notice-error' : 'studio-notice'}
          role={notice.error ? 'alert' : 'status'}
        >
          <p>{notice.text}</p>
          {notice.error && draft.baseHash !== null && /changed on disk/.test(notice.text) && (
            <button type="button" className="studio-button" onClick={reloadFromDisk}>
              Load the file from disk (drops my unsaved edits)
            </button>
          )}
        </div>
      )}
      {prepared && (
        <SaveReview
          partnerId={id}
          prepared={prepared}
          busy={busy}
          onConfirm={save}
          onCancel={() => setPrepared(undefined)}
          onShowProblem={showProblem}
        />
      )}

      <div className="studio-workspace" data-wide={tab === 'results' || undefined}>
        <main id="main" className="studio-panel">
          {problems.length > 0 && (
            <details className="studio-card studio-problems" open>
              <summary>
                {problems.length} problem{problems.length === 1 ? '' : 's'} found by the partner
                check
              </summary>
              <ul className="studio-problem-list">
                {problems.map((problem) => (
                  <li key={problem.pointer + problem.message}>
                    <span>
                      {experimentPlace(problem, data)}
                      {problem.message}
                    </span>{' '}
                    <button
                      type="button"
                      className="studio-button studio-button-small"
                      onClick={() => showProblem(problem)}
                    >
                      Show me
                    </button>
                  </li>
                ))}
              </ul>
            </details>
          )}
          <div role="tablist" aria-label="What to edit" className="studio-tabs">
            {tabs.map((entry, index) => (
              <button
                key={entry.id}
                type="button"
                role="tab"
                id={`tab-${entry.id}`}
                aria-selected={tab === entry.id}
                aria-controls={`panel-${entry.id}`}
                tabIndex={tab === entry.id ? 0 : -1}
                onClick={() => setTab(entry.id)}
                onKeyDown={(event) => onTabKey(event, index)}
              >
                {entry.label}
              </button>
            ))}
          </div>
          <div
            role="tabpanel"
            id={`panel-${tab}`}
            aria-labelledby={`tab-${tab}`}
            className="studio-tabpanel"
          >
            {tab === 'settings' && (
              <>
                <h2>Partner settings</h2>
                <p className="studio-help">
                  Name, logo, colours, the signup form and the offer. Every field says what it is
                  for; problems show under the field they concern.
                </p>
                <StudioForm
                  idPrefix={settingsPrefix}
                  schema={settingsSchema}
                  uiSchema={settingsUi}
                  formData={settingsOf(data)}
                  errors={settingsErrors}
                  context={context}
                  onChange={(settings) =>
                    // The file keeps its order: format fields first, the pages last.
                    update({
                      $schema: data.$schema ?? '../schemas/partner.schema.json',
                      schemaVersion: data.schemaVersion ?? 2,
                      ...(settings as JsonObject),
                      pages: data.pages ?? {},
                    } as JsonObject)
                  }
                />
              </>
            )}
            {tab === 'pages' && (
              <>
                <h2>Pages and blocks</h2>
                <ExperimentLink partner={data} pageKey={shownPage} />
                <BlocksPanel
                  partner={data}
                  pageKey={shownPage}
                  onPageKey={setPageKey}
                  onChange={update}
                  problems={problems}
                  context={context}
                  expanded={
                    expanded?.list === `/pages/${shownPage}/sections` ? expanded.id : undefined
                  }
                  onExpand={(id) =>
                    setExpanded(
                      id === undefined ? undefined : { list: `/pages/${shownPage}/sections`, id },
                    )
                  }
                />
                <ExperimentPanel
                  key={pageKey}
                  partner={data}
                  pageKey={shownPage}
                  onChange={update}
                  problems={problems}
                  context={context}
                  open={expanded}
                  onOpen={setExpanded}
                />
              </>
            )}
            {tab === 'images' && (
              <>
                <h2>Pictures</h2>
                <ImagesPanel
                  partnerId={id}
                  pictures={pictures}
                  onUploaded={(picture) =>
                    setPictures((current) =>
                      [
                        ...current.filter((p) => p.original.path !== picture.original.path),
                        picture,
                      ].sort((a, b) => a.original.path.localeCompare(b.original.path)),
                    )
                  }
                />
              </>
            )}
            {tab === 'results' && (
              <>
                <h2>Test results</h2>
                <Suspense fallback={<p className="studio-help">Loading the results view…</p>}>
                  <ResultsPanel partnerId={id} partner={data} />
                </Suspense>
              </>
            )}
          </div>
        </main>
        {/* The results need the width; the preview comes back with any other tab. */}
        {tab !== 'results' && (
          <PreviewPane partner={data} editedPage={tab === 'pages' ? pageKey : 'landing'} />
        )}
      </div>
    </div>
  );
}
