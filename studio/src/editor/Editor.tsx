import { lazy, Suspense, useEffect, useState, type KeyboardEvent } from 'react';
import type { Problem } from '../api/studioApi.ts';
import { BlocksPanel } from '../blocks/BlocksPanel.tsx';
import { pagesOf } from '../blocks/blocks.ts';
import { ExperimentLink, ExperimentPanel } from '../experiment/ExperimentPanel.tsx';
import { HistoryPanel } from '../history/HistoryPanel.tsx';
import { ImagesPanel } from '../images/ImagesPanel.tsx';
import { discardedNotice } from '../images/stagedWords.ts';
import { usePictures } from '../images/usePictures.ts';
import { locate, pageBlocksAt, type OpenBlock } from '../places/places.ts';
import { PreviewPane } from '../preview/PreviewPane.tsx';
import { draftChanges } from '../review/changeList.ts';
import { SaveReview } from '../review/SaveReview.tsx';
import { useSave } from '../review/useSave.ts';
import { SignOffArea } from '../signoff/SignOffArea.tsx';
import { AskDialog } from './AskDialog.tsx';
import { DiscardDialog } from './DiscardDialog.tsx';
import { DiskChangeNotice } from './DiskChangeNotice.tsx';
import { focusWhenDrawn } from './focusWhenDrawn.ts';
import { forgetDraft, type StoredDraft } from './draftStore.ts';
import { EditorHeader } from './EditorHeader.tsx';
import { ProblemList } from './ProblemList.tsx';
import { SettingsPanel } from './SettingsPanel.tsx';
import { useCheck } from './useCheck.ts';
import { useDiskWatch } from './useDiskWatch.ts';
import { OtherTabNotice } from './OtherTabNotice.tsx';
import { useAnnouncer } from './useAnnouncer.ts';
import { effectsOf, movedWords, type DraftAction, type OnEdit } from './draftActions.ts';
import { useDraft } from './useDraft.ts';
import { useEditorKeys } from './useEditorKeys.ts';
import { useFormProblems } from './useFormProblems.ts';
import { TranslationEditing } from '../translations/TranslationFields.tsx';

// The chart library loads only when the results are opened.
const ResultsPanel = lazy(() => import('../results/ResultsPanel.tsx'));

const tabs = [
  { id: 'settings', label: 'Partner settings' },
  { id: 'pages', label: 'Pages and blocks' },
  { id: 'images', label: 'Pictures' },
  { id: 'results', label: 'Test results' },
  { id: 'history', label: 'History' },
] as const;
type Tab = (typeof tabs)[number]['id'];

/** One partner being edited: the draft with its history, the check, the tabs and the preview. */
export function Editor({ initial, onClose }: { initial: StoredDraft; onClose: () => void }) {
  const drafts = useDraft(initial);
  const { draft } = drafts;
  const { id, data } = draft;
  const { problems, warnings, checking } = useCheck(id, data);
  const saving = useSave(drafts);
  const disk = useDiskWatch(drafts);
  const { prepared, notice, busy, closeReview } = saving;
  const [tab, setTab] = useState<Tab>('settings');
  const [pageKey, setPageKey] = useState('landing');
  // The open block, in the page's list or in a variant's own list.
  const [expanded, setExpanded] = useState<OpenBlock>();
  const images = usePictures(id, draft.baseHash);
  const [discarding, setDiscarding] = useState(false);
  const [sharing, setSharing] = useState(false);
  const [closing, setClosing] = useState(false);
  const [announcement, announce] = useAnnouncer();
  // The elements to focus after a "Show me", the first found: the field, else its block. State,
  // not a ref: when the field's tab, page and block are already open, nothing else changes, and
  // a ref alone would wait for some unrelated redraw (seconds, when the check answered late).
  const [focusRequest, setFocusRequest] = useState<{ target: string[] }>();

  const isNew = draft.baseHash === null;
  const dirty = JSON.stringify(data) !== JSON.stringify(draft.original);

  // Every change of the draft is a named action; draftActions.ts decides what the history
  // records and what each does to a prepared review and the notices.
  const act = (action: DraftAction) => {
    if (action.type !== 'takeOtherTab') drafts.dispatch(action);
    else drafts.takeOtherTab();
    const effects = effectsOf(action);
    if (effects.closesReview) closeReview();
    if (!effects.clearsNotices) return;
    if (notice && !notice.error) saving.setNotice(undefined);
    saving.setSaved(undefined);
  };
  const update: OnEdit = (next, edit) => act({ type: 'edit', next, edit, at: Date.now() });
  const undo = () => act({ type: 'undo', at: Date.now() });
  const redo = () => act({ type: 'redo', at: Date.now() });
  useEditorKeys({ undo, redo, save: () => void saving.review() });

  // Each undo and redo is said with what it did.
  const { moved } = drafts;
  useEffect(() => {
    if (moved) announce(movedWords(moved));
  }, [moved, announce]);

  // The partner's heading takes focus when it opens, so a screen reader starts there.
  useEffect(() => document.getElementById('partner-heading')?.focus(), []);

  // After a "Show me", focus the field once its tab, page and block are on screen: the block's
  // heading at once, the field when its form is drawn (focusWhenDrawn.ts).
  useEffect(() => (focusRequest ? focusWhenDrawn(focusRequest.target) : undefined), [focusRequest]);

  const showProblem = (problem: Problem) => {
    const place = locate(problem, data);
    closeReview();
    setTab(place.tab);
    if (place.pageKey) setPageKey(place.pageKey);
    if (place.expand) setExpanded(place.expand);
    setFocusRequest({ target: place.target });
    saving.setBusy(false);
  };

  const unsaved = dirty || images.staged > 0;
  const close = () => (unsaved ? setClosing(true) : onClose());

  const discard = () => {
    setDiscarding(false);
    // Pictures uploaded since the last save go with the draft (Undo does not bring them back).
    const staged = images.staged;
    images
      .dropStaged()
      .catch((error: unknown) =>
        saving.setNotice({ error: true, text: `The unsaved pictures stay: ${String(error)}` }),
      );
    if (isNew) {
      forgetDraft(id);
      onClose();
      return;
    }
    act({ type: 'discard' });
    saving.setNotice({
      error: false,
      text: `Your changes are discarded: partners/${id}.json as it is saved. ${discardedNotice(staged)}`,
    });
  };

  // The forms' sentences name their field; warnings stand under their field too.
  const { placed, context } = useFormProblems({
    problems,
    warnings,
    partner: data,
    pictures: images.pictures,
    onUploaded: images.uploaded,
  });

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
  const pageList = pageBlocksAt(shownPage);
  const { otherTab } = drafts;

  return (
    <TranslationEditing value={{ partner: data, onEdit: update }}>
      <div className="studio-editor">
        <EditorHeader
          id={id}
          name={name}
          isNew={isNew}
          // Pictures uploaded since the last save are unsaved changes too (Discard drops them).
          dirty={unsaved}
          checking={checking}
          problemCount={problems.length}
          busy={busy}
          canUndo={drafts.canUndo}
          canRedo={drafts.canRedo}
          undoName={drafts.undoName}
          redoName={drafts.redoName}
          onUndo={undo}
          onRedo={redo}
          onDiscard={() => setDiscarding(true)}
          onReview={saving.review}
          onShare={() => setSharing(true)}
          onClose={close}
        />
        <p className="studio-visually-hidden" role="status" aria-live="polite" id="editor-status">
          <span key={announcement.count}>{announcement.text}</span>
        </p>
        {closing && (
          <AskDialog
            id="close-partner"
            title={`Close ${name}?`}
            safe={{ label: 'Keep editing', onChoose: () => setClosing(false) }}
            answers={[
              {
                label: drafts.otherTab
                  ? "Close and keep the other tab's draft"
                  : 'Close and keep the draft',
                onChoose: onClose,
                kind: 'primary',
              },
              { label: 'Keep editing', onChoose: () => setClosing(false) },
            ]}
          >
            {drafts.otherTab ? (
              <p>
                The edits made in this tab are not kept in this browser: another tab's draft of this
                partner is kept instead. Closing drops this tab's edits. To keep them, choose Keep
                editing, then Keep this tab's draft.
              </p>
            ) : (
              <p>
                {isNew
                  ? 'This new partner is not saved yet.'
                  : `Your changes to partners/${id}.json are not saved yet.`}{' '}
                Your edits stay in this browser as a draft: to go on with them, open the partner
                again from the start screen. To save them now, choose Keep editing, then Review and
                save.
              </p>
            )}
          </AskDialog>
        )}
        {discarding && (
          <DiscardDialog
            isNew={isNew}
            stagedPictures={images.staged}
            onDiscard={discard}
            onKeep={() => setDiscarding(false)}
          />
        )}
        <SignOffArea
          draft={{ id, isNew, dirty }}
          sharing={sharing}
          onSharing={setSharing}
          saved={saving.saved}
          onRecord={saving.recordNow}
          onSavedSeen={() => saving.setSaved(undefined)}
        />

        {otherTab && (
          <OtherTabNotice
            theirs={otherTab}
            mine={draft}
            onTake={() => act({ type: 'takeOtherTab', theirs: otherTab })}
            onKeep={drafts.keepThisTab}
          />
        )}
        {disk.change && (
          <DiskChangeNotice partnerId={id} change={disk.change} onDismiss={disk.dismiss} />
        )}
        {notice && !(notice.passed && problems.length > 0) && (
          <div
            className={notice.error ? 'studio-notice studio-notice-error' : 'studio-notice'}
            role={notice.error ? 'alert' : 'status'}
          >
            <p>{notice.text}</p>
            {notice.error && !isNew && /changed on disk/.test(notice.text) && (
              <button type="button" className="studio-button" onClick={saving.reloadFromDisk}>
                Load the file from disk (drops my unsaved edits)
              </button>
            )}
          </div>
        )}
        {prepared && (
          <SaveReview
            partnerId={id}
            partner={data}
            prepared={prepared}
            busy={busy}
            onConfirm={saving.save}
            onCancel={closeReview}
            onShowProblem={showProblem}
            changes={draftChanges(draft, data)}
          />
        )}

        <div className="studio-workspace" data-wide={tab === 'results' || undefined}>
          <main id="main" className="studio-panel">
            <ProblemList problems={problems} partner={data} onShow={showProblem} />
            <ProblemList problems={warnings} partner={data} onShow={showProblem} warnings />
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
                <SettingsPanel
                  partner={data}
                  problems={placed}
                  context={context}
                  onChange={update}
                />
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
                    onStatus={announce}
                    problems={placed}
                    context={context}
                    expanded={expanded?.list === pageList ? expanded.id : undefined}
                    onExpand={(blockId) =>
                      setExpanded(
                        blockId === undefined ? undefined : { list: pageList, id: blockId },
                      )
                    }
                  />
                  <ExperimentPanel
                    key={pageKey}
                    partner={data}
                    pageKey={shownPage}
                    onChange={update}
                    problems={placed}
                    context={context}
                    open={expanded}
                    onOpen={setExpanded}
                    onStatus={announce}
                  />
                </>
              )}
              {tab === 'images' && (
                <>
                  <h2>Pictures</h2>
                  <ImagesPanel
                    partnerId={id}
                    pictures={images.pictures}
                    onUploaded={images.uploaded}
                  />
                </>
              )}
              {tab === 'results' && (
                <>
                  <h2>Test results</h2>
                  <Suspense fallback={<p className="studio-help">Loading the results view…</p>}>
                    <ResultsPanel partnerId={id} partner={data} onChange={update} />
                  </Suspense>
                </>
              )}
              {tab === 'history' && <HistoryPanel draft={draft} onRestore={update} />}
            </div>
          </main>
          {/* The results need the width; the preview comes back with any other tab. */}
          {tab !== 'results' && (
            <PreviewPane
              partner={data}
              editedPage={tab === 'pages' ? pageKey : 'landing'}
              editedBlock={tab === 'pages' ? expanded?.id : undefined}
            />
          )}
        </div>
      </div>
    </TranslationEditing>
  );
}
