import type { Problem } from '../api/studioApi.ts';
import type { PartnerDraft } from '../schema/partnerTypes.ts';
import { lowerFirst, placeSteps, type Step } from './placeWords.ts';
import { problemPointer } from './places.ts';

/**
 * A checker problem as a sentence that names its field. The checker (shared with
 * `partners:check`, which prints the file and the pointer first) says "is too long: keep it to
 * 400 characters…"; the studio says "Question 2 of the FAQ: the answer is too long: keep it to…".
 *
 * - `file`: the whole place, for the list of every problem ("Home page, FAQ block (faq),
 *   question 2: the answer is too long…").
 * - `form`: under its field, inside the page's or block's form, so without the page, the variant
 *   and the block ("Question 2 of the FAQ: the answer is too long…", "Name is missing; fill it in").
 */
export type Scope = 'file' | 'form';

/** Sentences that lean on their field for a subject: "is too long", "should be a number". */
const predicate = /^(is|are|should|cannot|needs|can|lists|must|has)\b/;

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function stepWords(step: Step, shown: readonly Step[]): string {
  if (step.kind !== 'entry' || !step.of) return step.words;
  // "of the FAQ" is said unless its block is named just before.
  return step.ofBlock && shown.some((other) => other.kind === 'block')
    ? step.words
    : `${step.words} of the ${lowerFirst(step.of)}`;
}

/** The field a sentence is about, as its subject: "the answer", "the fields list". */
function subjectOf(step: Step, first: boolean): string {
  const words = step.kind === 'field' && step.list ? `${step.words} list` : stepWords(step, []);
  return first ? capital(words) : `the ${lowerFirst(words)}`;
}

/**
 * The checker names a part of the file by its key for those who write the JSON ("overrides", in
 * brackets after the words); the studio's forms show that part, so the key is left out.
 */
export const withoutFileKeys = (message: string) => message.replace(/ \("[A-Za-z]+"\)/g, '');

export function problemSentence(problem: Problem, partner: PartnerDraft, scope: Scope): string {
  problem = { ...problem, message: withoutFileKeys(problem.message) };
  const all = placeSteps(problemPointer(problem), partner);
  const steps =
    scope === 'file' ? all : all.filter((step) => step.kind === 'entry' || step.kind === 'field');
  const last = steps.at(-1);
  const context = (upTo: number) =>
    steps
      .slice(0, upTo)
      .map((step, index) => {
        const words = stepWords(step, steps);
        return index === 0 ? capital(words) : lowerFirst(words);
      })
      .join(', ');
  if (!last) return capital(problem.message);
  if (problem.translation) return translationSentence(problem.translation, steps, scope);
  // A field's own sentence: the field is its subject, what holds it comes first.
  if (last.kind === 'field' && (problem.missing || predicate.test(problem.message))) {
    const before = context(steps.length - 1);
    const subject = subjectOf(last, before === '');
    const rest = problem.missing ? 'is missing; fill it in' : problem.message;
    return before ? `${before}: ${subject} ${rest}` : `${subject} ${rest}`;
  }
  return `${context(steps.length)}: ${problem.message}`;
}

/**
 * A text missing in another language, in words that name the language (issue 37): "Home page,
 * Hero block (hero): the Spanish page has no text for the title". Under the English field, the
 * sentence points to the language's field below the form.
 */
function translationSentence(
  translation: NonNullable<Problem['translation']>,
  steps: readonly Step[],
  scope: Scope,
): string {
  const name = new Intl.DisplayNames(['en'], { type: 'language' }).of(translation.language);
  const last = steps.at(-1);
  if (scope === 'form')
    return translation.fallback
      ? `The ${name} page shows the page's own ${name} text here, not this variant's: write this variant's ${name} text in the ${name} field below`
      : `The ${name} page has no text for this yet: write it in the ${name} field below`;
  const before = steps
    .slice(0, -1)
    .map((step, index) => {
      const words = stepWords(step, steps);
      return index === 0 ? capital(words) : lowerFirst(words);
    })
    .join(', ');
  const field = last ? `the ${lowerFirst(stepWords(last, steps))}` : 'this text';
  const sentence = translation.fallback
    ? `the ${name} page shows the page's own ${name} text for ${field}, not this variant's; give this variant's ${name} text to test it in ${name} too`
    : `the ${name} page has no text for ${field}`;
  return before ? `${before}: ${sentence}` : capital(sentence);
}
