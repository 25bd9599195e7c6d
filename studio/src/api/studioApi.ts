import type { Json } from '../schema/schema.ts';
import type { PartnerDraft } from '../schema/partnerTypes.ts';
import type { DiffLine } from '../../server/lineDiff.ts';
import type { GitReadiness, PartnerHistory, PartnerVersion } from '../../server/partnerGit.ts';
import type { RecordResponse, SaveResponse } from '../../server/saveResponse.ts';
import type { Picture, PreparedSave, Problem } from '../../server/workspace.ts';
import type { SignOffJob } from '../../server/signOff.ts';
import type { VisualRefreshJob } from '../../server/visualRefresh.ts';

/** The studio's local API (studio/server/studioApi.ts), typed with the server's own types. */
export type {
  DiffLine,
  GitReadiness,
  PartnerHistory,
  PartnerVersion,
  Picture,
  PreparedSave,
  Problem,
  RecordResponse,
  SaveResponse,
  SignOffJob,
  VisualRefreshJob,
};

/** An answer the API refused, with its sentence for people (and the checker's problems, if any). */
export class StudioApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly problems: Problem[] = [],
  ) {
    super(message);
  }
}

async function call<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(`/studio-api/${path}`, init);
  const body = (await response.json()) as T & { message?: string; problems?: Problem[] };
  if (!response.ok) {
    throw new StudioApiError(
      response.status,
      body.message ?? 'The studio API failed.',
      body.problems,
    );
  }
  return body;
}

const post = <T>(path: string, value: unknown) =>
  call<T>(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(value),
  });

export const studioApi = {
  partners: () =>
    call<{ partners: { id: string; name: string }[]; templates: string[] }>('partners'),
  read: (id: string) => call<{ id: string; text: string; hash: string }>(`partners/${id}`),
  create: (id: string, template: string) =>
    post<{ data: PartnerDraft }>('create', { id, template }),
  check: (id: string, data: Json) =>
    post<{ problems: Problem[]; warnings: Problem[] }>('check', { id, data }),
  prepare: (id: string, data: Json) => post<PreparedSave>('prepare', { id, data }),
  /** With `record`, the saved file is also committed in git with that message. */
  save: (id: string, data: Json, baseHash: string | null, record?: { message: string }) =>
    post<SaveResponse>('save', { id, data, baseHash, ...(record ? { record } : {}) }),
  git: () => call<GitReadiness>('git'),
  /** Commits the saved file and its pictures (a save that was not recorded). */
  record: (id: string, message: string) => post<RecordResponse>('record', { id, message }),
  history: (id: string) => call<PartnerHistory>(`history/${id}`),
  images: (id: string) => call<{ pictures: Picture[] }>(`images/${id}`),
  /** `inPage: false` for the browser tab's icon (a drawing stays a drawing for it). */
  upload: (id: string, file: File, inPage = true) =>
    call<{ picture: Picture }>(
      `images/${id}?name=${encodeURIComponent(file.name)}${inPage ? '' : '&use=icon'}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream' },
        body: file,
      },
    ),
  /** Drops the pictures staged with the draft; the pictures left, all saved. */
  dropStaged: (id: string) => call<{ pictures: Picture[] }>(`images/${id}`, { method: 'DELETE' }),
  signOff: (id: string) => post<SignOffJob>('sign-off', { id }),
  signOffStatus: (job: string) => call<SignOffJob>(`sign-off/${job}`),
  /** Takes the visual check's pictures of the saved partner again. */
  refreshVisual: (id: string) => post<VisualRefreshJob>('visual', { id }),
  visualStatus: (job: string) => call<VisualRefreshJob>(`visual/${job}`),
};
