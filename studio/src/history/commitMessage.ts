/** git's advice for a commit's first line: short enough for one line of `git log --oneline`. */
const subjectLength = 72;

const cut = (text: string, length: number) =>
  text.length > length ? `${text.slice(0, length - 1)}…` : text;

/**
 * The message offered for recording a save in git, from the review's plain-words changes: a first
 * line naming the partner and the change (or the first of them and how many more), then every
 * change on a line of its own, as a colleague reads it in `git log`.
 */
export function commitMessage(partnerId: string, changes: readonly string[]): string {
  const [first] = changes;
  if (first === undefined) return `${partnerId}: saved in the studio`;
  const more =
    changes.length === 1
      ? ''
      : ` and ${changes.length - 1} more change${changes.length === 2 ? '' : 's'}`;
  const subject = `${partnerId}: ${cut(first, subjectLength - partnerId.length - 2 - more.length)}${more}`;
  if (changes.length === 1 && !subject.endsWith('…')) return subject;
  return `${subject}\n\n${changes.map((change) => `- ${change}`).join('\n')}`;
}
