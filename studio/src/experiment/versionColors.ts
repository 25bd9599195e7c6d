/**
 * One colour per version of a page (the control first), the same in the share bar, the preview
 * and the results chart. Each has at least 4.5:1 contrast against white, so bars and keys stand
 * out (WCAG 1.4.11 asks 3:1), and neighbours differ in hue as well as lightness.
 */
export const versionColors = [
  '#5b6770',
  '#0b7285',
  '#c2410c',
  '#7e3fb4',
  '#2f7d32',
  '#b42366',
  '#1d5fbf',
  '#8a6a00',
  '#6d4c41',
] as const;

export const versionColor = (index: number): string =>
  versionColors[index % versionColors.length] ?? '#5b6770';
