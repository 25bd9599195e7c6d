import type { Problem } from '../api/studioApi.ts';
import { problemSentence, withoutFileKeys } from '../places/problemWords.ts';
import type { PartnerDraft } from '../schema/partnerTypes.ts';

interface Group {
  message: string;
  problems: Problem[];
}

/** Problems that say the same thing, in the order their first one came. */
function groupsOf(problems: Problem[]): Group[] {
  const groups = new Map<string, Group>();
  for (const problem of problems) {
    const group = groups.get(problem.message) ?? { message: problem.message, problems: [] };
    group.problems.push(problem);
    groups.set(problem.message, group);
  }
  return [...groups.values()];
}

/** The place a sentence names, without the problem's words after it ("Home page, Hero block"). */
function placeOf(sentence: string, message: string): string {
  const at = sentence.lastIndexOf(`: ${message}`);
  return at > 0 ? sentence.slice(0, at) : sentence;
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Every problem the partner check finds, each in words that say where it is (the page, the
 * variant, the block and the field), with a "Show me" that opens its field; with
 * `warnings`, the things it warns about, which do not stop a save. The same problem in several
 * places is one sentence with the places listed under it, each with its own "Show me".
 */
export function ProblemList({
  problems,
  partner,
  onShow,
  warnings = false,
}: {
  problems: Problem[];
  partner: PartnerDraft;
  onShow: (problem: Problem) => void;
  warnings?: boolean;
}) {
  if (problems.length === 0) return null;
  const count = problems.length;
  return (
    // Warnings start folded: they do not stop a save, and open they would push the forms down.
    <details
      className={`studio-card ${warnings ? 'studio-warnings' : 'studio-problems'}`}
      open={!warnings}
    >
      <summary>
        {warnings
          ? `${count} thing${count === 1 ? '' : 's'} to look at before the partner goes live (saving is still possible)`
          : `${count} problem${count === 1 ? '' : 's'} found by the partner check`}
      </summary>
      <ul className="studio-problem-list">
        {groupsOf(problems).map(({ message, problems: same }) => {
          const [first] = same;
          if (!first) return null;
          const showMe = (problem: Problem, name?: string) => (
            <button
              type="button"
              className="studio-button studio-button-small"
              onClick={() => onShow(problem)}
              aria-label={name ? `Show me: ${name}` : undefined}
            >
              Show me
            </button>
          );
          if (same.length === 1)
            return (
              <li key={first.pointer + message}>
                <span>{problemSentence(first, partner, 'file')}</span> {showMe(first)}
              </li>
            );
          return (
            <li key={message}>
              <span>
                {capital(withoutFileKeys(message)).replace(/\.?$/, '.')} In {same.length} places:
              </span>
              <ul className="studio-problem-places">
                {same.map((problem) => {
                  const sentence = problemSentence(problem, partner, 'file');
                  const place = placeOf(sentence, withoutFileKeys(message));
                  return (
                    <li key={problem.pointer}>
                      <span>{place}</span> {showMe(problem, place)}
                    </li>
                  );
                })}
              </ul>
            </li>
          );
        })}
      </ul>
    </details>
  );
}
