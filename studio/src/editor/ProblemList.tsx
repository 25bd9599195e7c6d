import type { Problem } from '../api/studioApi.ts';
import { pageLabel } from '../blocks/BlocksPanel.tsx';
import { experimentOf } from '../experiment/experiments.ts';
import { pointerParts } from '../schema/schema.ts';
import type { PartnerDraft } from '../schema/partnerTypes.ts';

/**
 * Where in an A/B test a problem is ("Home page, variant warm: "), since the same sentence can
 * concern several variants; other problems say where they are themselves.
 */
function experimentPlace(problem: Problem, partner: PartnerDraft): string {
  const parts = pointerParts(problem.pointer);
  if (parts[0] !== 'pages' || !parts[1] || parts[2] !== 'experiment') return '';
  const page = pageLabel(parts[1], partner);
  const index = parts[3] === 'variants' ? Number(parts[4]) : Number.NaN;
  const variant = Number.isInteger(index)
    ? experimentOf(partner, parts[1])?.variants[index]
    : undefined;
  return variant ? `${page}, variant ${variant.id}: ` : `${page}, A/B test: `;
}

/**
 * Every problem the partner check finds, each with a "Show me" that opens its field; with
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
            <span>
              {experimentPlace(problem, partner)}
              {problem.message}
            </span>{' '}
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
