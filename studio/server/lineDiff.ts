/** One line of a line-by-line comparison: kept, removed from the old text or added in the new. */
export interface DiffLine {
  kind: 'same' | 'removed' | 'added';
  text: string;
}

/**
 * A line diff by longest common subsequence. Partner files are a few hundred lines, so the
 * quadratic table is small; no dependency is needed for it.
 */
export function lineDiff(before: string, after: string): DiffLine[] {
  const a = before === '' ? [] : before.replace(/\n$/, '').split('\n');
  const b = after === '' ? [] : after.replace(/\n$/, '').split('\n');
  const rows = a.length + 1;
  const cols = b.length + 1;
  const table = new Uint32Array(rows * cols);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      table[i * cols + j] =
        a[i] === b[j]
          ? (table[(i + 1) * cols + j + 1] ?? 0) + 1
          : Math.max(table[(i + 1) * cols + j] ?? 0, table[i * cols + j + 1] ?? 0);
    }
  }
  const lines: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      lines.push({ kind: 'same', text: a[i] ?? '' });
      i++;
      j++;
    } else if ((table[(i + 1) * cols + j] ?? 0) >= (table[i * cols + j + 1] ?? 0)) {
      lines.push({ kind: 'removed', text: a[i++] ?? '' });
    } else {
      lines.push({ kind: 'added', text: b[j++] ?? '' });
    }
  }
  while (i < a.length) lines.push({ kind: 'removed', text: a[i++] ?? '' });
  while (j < b.length) lines.push({ kind: 'added', text: b[j++] ?? '' });
  return lines;
}
