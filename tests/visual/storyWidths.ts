/** The widths of a story that names none (the coverage set's), unless VISUAL_WIDTHS narrows them. */
export const defaultVisualWidths: readonly number[] = [375, 1024, 1440];

/**
 * A screenshot's name under tests/visual/__screenshots__/chromium-linux/ (".png" added by Vitest):
 * "demo/blocks" + "Full Page" + 375 -> "demo/blocks/full-page-375".
 */
export function baselineName(folder: string, storyName: string, width: number): string {
  const kebab = storyName
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/\s+/g, '-')
    .toLowerCase();
  return `${folder}/${kebab}-${width}`;
}

/** A visual story's `parameters.visual` (tests/visual/setup.ts reads it after the story ran). */
export interface VisualParameters {
  /** Baselines folder under tests/visual/__screenshots__/chromium-linux/, e.g. "demo/blocks". */
  folder?: string;
  /** The share of pixels that may differ (default: the config's 0.1%). */
  allowedMismatchedPixelRatio?: number;
  /** Widths in px (default: the config's, 375/1024/1440 or VISUAL_WIDTHS). */
  widths?: number[];
}

/**
 * A story's own widths, else the config's: the visual policy (tools/storybook/visualPolicy.ts)
 * gives a partner outside the coverage set a few pictures at chosen widths; the coverage set's
 * stories name none and take the config's three (which VISUAL_WIDTHS may narrow).
 */
export function storyWidths(
  visual: VisualParameters | undefined,
  configWidths: readonly number[],
): readonly number[] {
  const own = visual?.widths;
  if (own === undefined) return configWidths;
  if (own.length === 0 || !own.every((width) => Number.isInteger(width) && width > 0)) {
    throw new Error(
      `parameters.visual.widths must list widths in whole pixels, got [${own.join(', ')}]`,
    );
  }
  return own;
}
