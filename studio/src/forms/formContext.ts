/** What every studio form is given besides its data: pictures, colours, the check's warnings. */
export interface StudioFormContext {
  /** Pictures already in the partner's folder (each upload's optimised copy), for the picker. */
  images: string[];
  /** The page background a colour is read against (for the contrast readout). */
  textColor?: string;
  /**
   * The checker's warnings (which do not stop a save) by the id of their field, as sentences that
   * name it; the field template shows them under the field.
   */
  warnings?: Record<string, string[]>;
}
