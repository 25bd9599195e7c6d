import type { Problem } from '../api/studioApi.ts';
import {
  controlWeightSchema,
  errorTree,
  pointerParts,
  uiSchemaFor,
  variantSettingsSchema,
} from '../schema/schema.ts';
import type { StudioFormContext } from '../forms/StudioForm.tsx';
import type { PartnerDraft, VariantDraft } from '../schema/partnerTypes.ts';
import type { OnEdit } from '../editor/draftActions.ts';

/*
 * What the A/B test card's parts share: their prop types, the forms' ui schemas, the checker's
 * sentences at a place, and focusing a heading after a change.
 */

/**
 * Focus a heading once React has drawn the change that made it, scrolled to the top (below the
 * sticky header: its scroll-margin), so what follows it is on screen too.
 */
export const focusLater = (id: string) =>
  requestAnimationFrame(() => {
    const element = document.getElementById(id);
    element?.focus({ preventScroll: true });
    element?.scrollIntoView({ block: 'start' });
  });

export const variantUi = uiSchemaFor(variantSettingsSchema);

export const controlUi = uiSchemaFor(controlWeightSchema);

/** The checker's sentences about exactly this place, under its heading. */
export function ProblemsAt({ problems, pointer }: { problems: Problem[]; pointer: string }) {
  return problems
    .filter((problem) => problem.pointer === pointer)
    .map((problem) => (
      <p key={problem.message} className="studio-error">
        {problem.message}
      </p>
    ));
}

/** The checker's problems under a pointer, as an error tree for the form of that place. */
export function errorsUnder(problems: Problem[], pointer: string, exclude?: RegExp) {
  const depth = pointerParts(pointer).length;
  return errorTree(
    problems
      .filter((problem) => problem.pointer.startsWith(`${pointer}/`))
      .filter((problem) => !exclude?.test(problem.pointer))
      .map((problem) => ({
        path: pointerParts(problem.pointer).slice(depth),
        message: problem.message,
      })),
  );
}

/** The first version is the control; a variant misnamed "control" still shows as a variant. */
export const versionName = (id: string, index: number) =>
  index === 0 ? 'Page as written (control)' : `${id}`;

/** Whether removing the variant drops work: blocks of its own, or changed settings. */
export const hasContent = (variant: VariantDraft) =>
  variant.sections !== undefined || Object.keys(variant.overrides ?? {}).length > 0;

/** What each part of a variant's card is given: the draft, which variant, and where changes go. */
export interface VariantPart {
  partner: PartnerDraft;
  pageKey: string;
  index: number;
  variant: VariantDraft;
  onChange: OnEdit;
  onStatus: (text: string) => void;
}

/** A part with forms: also the checker's problems and the forms' context. */
export interface VariantForms extends VariantPart {
  problems: Problem[];
  context: StudioFormContext;
}
