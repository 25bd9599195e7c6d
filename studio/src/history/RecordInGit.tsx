import { useEffect, useState } from 'react';
import './history.css';
import { studioApi, type GitReadiness } from '../api/studioApi.ts';
import { commitMessage } from './commitMessage.ts';

/** What the review chose about git for one save, once git's check has answered. */
export interface RecordChoice {
  readiness: GitReadiness;
  /** "Record this change in git" ticked. */
  on: boolean;
  /** The message, also for recording afterwards when the save was not recorded. */
  message: string;
}

export interface GitRecord {
  readiness: GitReadiness | undefined;
  on: boolean;
  setOn: (on: boolean) => void;
  message: string;
  setMessage: (message: string) => void;
  /**
   * The choice for this save, once git's check has answered: a Save pressed before the answer
   * waits for it rather than saving unrecorded.
   */
  choice: () => Promise<RecordChoice>;
}

const unknownReadiness: GitReadiness = {
  canRecord: false,
  reason:
    'The studio could not find out whether git can record this save, so it will not. The file is still saved.',
};

/** The request a save sends: the message when the save is to be recorded in git. */
export const recordRequest = ({ readiness, on, message }: RecordChoice) =>
  readiness.canRecord && on ? { message } : undefined;

/**
 * Whether this save is recorded in git: on by default when the project is a git checkout with a
 * name and email set up, the message prefilled from the review's plain-words changes.
 */
export function useGitRecord(partnerId: string, changes: readonly string[]): GitRecord {
  // Asked once per review; Save waits for this answer when it comes first.
  const [asked] = useState(() => studioApi.git().catch(() => unknownReadiness));
  const [readiness, setReadiness] = useState<GitReadiness>();
  const [on, setOn] = useState(true);
  const [message, setMessage] = useState(() => commitMessage(partnerId, changes));
  useEffect(() => {
    let live = true;
    void asked.then((answer) => live && setReadiness(answer));
    return () => {
      live = false;
    };
  }, [asked]);
  const choice = async () => ({ readiness: readiness ?? (await asked), on, message });
  return { readiness, on, setOn, message, setMessage, choice };
}

/** The review's "Record this change in git" choice and its message, or why there is none. */
export function RecordInGit({ git }: { git: GitRecord }) {
  const { readiness } = git;
  if (!readiness) return <p className="studio-help">Checking whether git can record this save…</p>;
  if (!readiness.canRecord) return <p className="studio-help">{readiness.reason}</p>;
  return (
    <div className="studio-git-record">
      <label className="studio-check">
        <input
          type="checkbox"
          id="record-in-git"
          checked={git.on}
          onChange={(event) => git.setOn(event.target.checked)}
        />{' '}
        Record this change in git (this partner&apos;s file and pictures, nothing else)
      </label>
      {git.on && (
        <>
          <label htmlFor="commit-message">Message for the record</label>
          <textarea
            id="commit-message"
            className="studio-commit-message"
            rows={3}
            value={git.message}
            onChange={(event) => git.setMessage(event.target.value)}
            aria-describedby="commit-message-help"
          />
          <p id="commit-message-help" className="studio-help">
            Written from the changes below; the first line is what colleagues see in the list of
            changes. It is recorded under the name and email git has for you.
          </p>
        </>
      )}
    </div>
  );
}
