/** Any JSON value, and a JSON object. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/*
 * Typed helpers where plain JSON (a form's data, a merged file) meets the partner's types: each
 * narrows by looking at the value, so nothing is asserted.
 */

export const isJsonObject = (value: Json | undefined): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A text value, or nothing when the value is missing or not a text. */
export const textOf = (value: Json | undefined): string | undefined =>
  typeof value === 'string' ? value : undefined;

/** A form's data from values that may be missing: a missing one is left out, as in the file. */
export const jsonOf = (fields: { [key: string]: Json | undefined }): JsonObject =>
  Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, Json] => entry[1] !== undefined),
  );
