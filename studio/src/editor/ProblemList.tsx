import type { Problem } from '../api/studioApi.ts';
import { problemSentence } from '../places/problemWords.ts';
import type { PartnerDraft } from '../schema/partnerTypes.ts';

/**
 * Every problem the partner check finds, each in words that say where it is (the page, the
 * variant, the block and the field), with a "Show me" that opens its field; with
 * `warnings`, the things it warns about, which do not stop a save.
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
        {problems.map((problem) => (
          <li key={problem.pointer + problem.message}>
            <span>{problemSentence(problem, partner, 'file')}</span>{' '}
            <button
              type="button"
              className="studio-button studio-button-small"
              onClick={() => onShow(problem)}
            >
              Show me
            </button>
          </li>
        ))}
      </ul>
    </details>
  );
}
