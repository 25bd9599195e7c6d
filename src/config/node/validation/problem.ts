/**
 * One thing wrong with a config file, where it is and what to do, as the schema check and the
 * partner rules both report it. In its own module so checkConfig.ts and partnerRules.ts import it
 * without importing each other.
 */
export interface Problem {
  file: string;
  pointer: string;
  message: string;
  /**
   * For a setting that is missing: its name. The pointer is then the object that lacks it, so a
   * form can put the sentence under the setting's empty field without reading the sentence.
   */
  missing?: string;
  /**
   * For a problem inside a block: which block, by its place, id and type and its page
   * (blockPlace.ts), as `partners:check` prints it beside the pointer.
   */
  where?: string;
  /**
   * For a text missing in another language (issue 37): the language and the pointer where its
   * translation goes, so the studio can say it in words and open that language's field.
   * `fallback`: a variant's text the page in that language shows as the page's own (a warning).
   */
  translation?: { language: string; pointer: string; fallback?: boolean };
}
