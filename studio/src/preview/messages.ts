import type { JsonObject } from '../schema/schema.ts';

/** What the editor sends each preview frame: the draft partner and the page to show. */
export interface PreviewMessage {
  kind: 'partner-studio-preview';
  partner: JsonObject;
  /** "landing", an extra page's key, or "journey:<JourneyPage>". */
  page: string;
  /** A version of the page's experiment ("control" or a variant's id) to show instead of the page. */
  version?: string;
  /** The language to show the page in ("en", "es"); absent: the partner's first (English). */
  language?: string;
  /** The id of the block being edited: the frame scrolls it into view. */
  block?: string;
}

export const isPreviewMessage = (value: unknown): value is PreviewMessage =>
  typeof value === 'object' &&
  value !== null &&
  (value as { kind?: unknown }).kind === 'partner-studio-preview';
