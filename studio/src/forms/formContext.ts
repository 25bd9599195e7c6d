import type { Uploaded } from '../images/uploadPicture.ts';

/** What every studio form is given besides its data: pictures, colours, the check's warnings. */
export interface StudioFormContext {
  /** Pictures already in the partner's folder (each upload's optimised copy), for the picker. */
  images: string[];
  /** The partner edited, to tell its own pictures from another partner's. */
  partnerId?: string;
  /**
   * Uploads a picture for a field in one step (images/uploadPicture.ts); `inPage` is false for the
   * browser tab's icon, which the picture rule leaves be. Absent where nothing can be uploaded.
   */
  uploadPicture?: (file: File, inPage: boolean) => Promise<Uploaded>;
  /** The page background a colour is read against (for the contrast readout). */
  textColor?: string;
  /**
   * The brand color's offer of matching tints for the backgrounds (brand/TintOffer.tsx), given
   * by the settings form, the one that holds the brand color.
   */
  brand?: BrandContext;
  /**
   * The checker's warnings (which do not stop a save) by the id of their field, as sentences that
   * name it; the field template shows them under the field.
   */
  warnings?: Record<string, string[]>;
}

/** The partner's theme as the tint offer needs it, and the one edit it makes. */
export interface BrandContext {
  /** The backgrounds set in the theme, with what each colors ("the hero and cards"). */
  backgrounds: { field: string; words: string; value: string }[];
  /** Sets every background to the tint, as one edit (undone by one Undo). */
  applyTint: (tint: string) => void;
}
