import { useEffect, useState, type FormEvent } from 'react';
import { studioApi, StudioApiError } from '../api/studioApi.ts';
import { editedWords, listDrafts, type StoredDraft } from '../editor/draftStore.ts';
import { draftChanges } from '../review/changeList.ts';
import { partnerIdPattern } from '../schema/limits.ts';
import type { PartnerDraft } from '../schema/partnerTypes.ts';

const nameOf = (draft: StoredDraft) =>
  typeof draft.data.name === 'string' && draft.data.name !== '' ? draft.data.name : draft.id;

/** "New partner, not saved yet" or "3 unsaved changes". */
function draftWords(draft: StoredDraft): string {
  if (draft.original === null) return 'New partner, not saved yet';
  const count = draftChanges(draft, draft.data).length;
  return count === 1 ? '1 unsaved change' : `${count} unsaved changes`;
}

/** The first screen: continue a draft, open a partner, or start a new partner from a template. */
export function StartScreen({
  onOpen,
  onContinue,
  onCreate,
}: {
  /** Open a partner (asks first when it has a draft). */
  onOpen: (id: string) => void;
  /** Go on with the partner's draft. */
  onContinue: (id: string) => void;
  /** A new partner from the template (asks first when the id has a draft). */
  onCreate: (id: string, data: PartnerDraft, template: string) => void;
}) {
  const [partners, setPartners] = useState<{ id: string; name: string }[]>([]);
  const [templates, setTemplates] = useState<string[]>([]);
  const [loadError, setLoadError] = useState<string>();
  const [newId, setNewId] = useState('');
  const [template, setTemplate] = useState('demo');
  const [createError, setCreateError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const drafts = listDrafts();
  const draftIds = drafts.map((draft) => draft.id);

  useEffect(() => {
    studioApi
      .partners()
      .then((answer) => {
        setPartners(answer.partners);
        setTemplates(answer.templates);
      })
      .catch((error: unknown) =>
        setLoadError(String(error instanceof Error ? error.message : error)),
      );
  }, []);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    const id = newId.trim();
    // The same rule the server applies; checked here first so the message comes at once.
    if (!partnerIdPattern.test(id)) {
      setCreateError(
        id === ''
          ? 'Enter an id for the new partner, such as "acme".'
          : `"${id}" cannot be a partner id: use lower-case letters, digits and single dashes, like "cor-freedom".`,
      );
      return;
    }
    if (partners.some((partner) => partner.id === id)) {
      setCreateError(
        `A partner with the id "${id}" already exists; pick another id or open it below.`,
      );
      return;
    }
    setBusy(true);
    try {
      const { data } = await studioApi.create(id, template);
      onCreate(id, data, template);
    } catch (error) {
      setCreateError(error instanceof StudioApiError ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main id="main" className="studio-start">
      <h1>Partner Studio</h1>
      <p className="studio-lead">
        Create or change a partner's branded page without writing JSON. Your edits are kept in this
        browser until you save them to the partner file.
      </p>
      {drafts.length > 0 && (
        <section aria-labelledby="drafts-heading" className="studio-card studio-drafts">
          <h2 id="drafts-heading">Unsaved drafts in this browser</h2>
          <ul className="studio-draft-list">
            {drafts.map((draft) => (
              <li key={draft.id}>
                <div className="studio-draft-text">
                  <strong>{nameOf(draft)}</strong>{' '}
                  <span className="studio-muted">partners/{draft.id}.json</span>
                  <br />
                  {draftWords(draft)}, last edited {editedWords(draft.updatedAt)}
                </div>
                <button
                  type="button"
                  className="studio-button"
                  onClick={() => onContinue(draft.id)}
                  aria-label={`Continue the draft of ${nameOf(draft)}`}
                >
                  Continue
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <div className="studio-start-columns">
        <section aria-labelledby="new-partner" className="studio-card">
          <h2 id="new-partner">Start a new partner</h2>
          <form onSubmit={create} noValidate>
            <div className="studio-field">
              <label htmlFor="new-id">Partner id</label>
              <p id="new-id-help" className="studio-help">
                Lower-case letters, digits and dashes. It becomes the page address (/acme) and the
                file name (partners/acme.json).
              </p>
              <input
                id="new-id"
                value={newId}
                onChange={(event) => {
                  setNewId(event.target.value);
                  setCreateError(undefined);
                }}
                aria-describedby={createError ? 'new-id-help new-id-error' : 'new-id-help'}
                aria-invalid={createError ? true : undefined}
                autoComplete="off"
                spellCheck={false}
              />
              {createError && (
                <p id="new-id-error" className="studio-error" role="alert">
                  {createError}
                </p>
              )}
            </div>
            <div className="studio-field">
              <label htmlFor="new-template">Start from</label>
              <select
                id="new-template"
                value={template}
                onChange={(event) => setTemplate(event.target.value)}
              >
                {templates.map((name) => (
                  <option key={name} value={name}>
                    {name === 'demo'
                      ? 'Demo partner (a complete example)'
                      : 'Default page (unbranded)'}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="studio-button studio-button-primary" disabled={busy}>
              Create partner
            </button>
          </form>
        </section>
        <section aria-labelledby="open-partner" className="studio-card">
          <h2 id="open-partner">Open a partner</h2>
          {loadError && <p className="studio-error">{loadError}</p>}
          <ul className="studio-partner-list">
            {partners.map((partner) => (
              <li key={partner.id}>
                <button type="button" className="studio-button" onClick={() => onOpen(partner.id)}>
                  Open {partner.name}
                </button>{' '}
                <span className="studio-muted">partners/{partner.id}.json</span>
                {draftIds.includes(partner.id) && (
                  <span className="studio-badge">unsaved draft</span>
                )}
              </li>
            ))}
          </ul>
        </section>
      </div>
    </main>
  );
}
