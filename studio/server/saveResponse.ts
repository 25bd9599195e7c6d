import type { RecordedCommit } from './partnerGit.ts';
import type { PartnerFile } from './workspace.ts';

/** POST /studio-api/save: the draft, the hash it started from, and whether to record it in git. */
export interface SaveRequest {
  id: string;
  data: unknown;
  /** The hash of the file when the draft started, or null for a new partner. */
  baseHash: string | null;
  /** Commit the file and its pictures with this message after writing them. */
  record?: { message: string };
}

/** The saved file; with `record`, its commit, or why there is none (the file is saved either way). */
export interface SaveResponse extends PartnerFile {
  commit?: RecordedCommit;
  /** A sentence for the manager when the save was asked to be recorded in git and was not. */
  gitNote?: string;
  /** Not recorded because the file and its pictures are as in the last commit already. */
  gitUpToDate?: true;
}

/** POST /studio-api/record: commit the saved file and its pictures, after a save that did not. */
export interface RecordRequest {
  id: string;
  message: string;
}

/** The commit, or why there is none. */
export type RecordResponse = Pick<SaveResponse, 'commit' | 'gitNote' | 'gitUpToDate'>;
