/** git's advice for a commit's first line: short enough for one line of `git log --oneline`. */
const subjectLength = 72;

/** What a cut line must not end on: a space, a comma, an arrow, an opening bracket, a dash. */
const dangling = /[\s,;:(→–—-]+$/u;

/** Where a quote opened and not closed in `text` starts ("Name: 'Acme Ho"), or -1. */
function openQuote(text: string): number {
  let open = -1;
  for (let at = 0; at < text.length; at++) {
    if (text.charAt(at) !== "'") continue;
    const before = text.charAt(at - 1);
    const after = text.charAt(at + 1);
    // An apostrophe inside a word (partner's) neither opens nor closes a quote.
    if (open < 0 && (at === 0 || /[\s(]/u.test(before))) open = at;
    else if (open >= 0 && (after === '' || /[\s,.;:)!?…]/u.test(after))) open = -1;
  }
  return open;
}

/**
 * `text` in at most `length` characters, cut on a whole word and ending cleanly: never inside a
 * quoted value, never on a comma or an arrow, then "…". A single word longer than the line is cut.
 */
export function cutOnWords(text: string, length: number): string {
  if (text.length <= length) return text;
  const room = text.slice(0, length - 1);
  const space = room.lastIndexOf(' ');
  const words = text.charAt(length - 1) === ' ' || space <= 0 ? room : room.slice(0, space);
  const quote = openQuote(words);
  const unquoted = quote > 0 ? words.slice(0, quote) : words;
  const kept = unquoted.replace(dangling, '') || words.replace(dangling, '') || room;
  return `${kept}…`;
}

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
  const shown = cutOnWords(first, subjectLength - partnerId.length - 2 - more.length);
  const subject = `${partnerId}: ${shown}${more}`;
  if (changes.length === 1 && shown === first) return subject;
  return `${subject}\n\n${changes.map((change) => `- ${change}`).join('\n')}`;
}
