import { createContext, useContext } from 'react';
import type { OnEdit } from '../editor/draftActions.ts';
import { placeSteps } from '../places/placeWords.ts';
import { fieldId } from '../places/places.ts';
import { pointerParts } from '../schema/schema.ts';
import type { PartnerDraft } from '../schema/partnerTypes.ts';
import { languageWord, otherLanguages, textsIn, withTranslation } from './translationEdits.ts';

/** The draft and its edit, for the language fields inside any panel (the Editor provides it). */
export const TranslationEditing = createContext<
  { partner: PartnerDraft; onEdit: OnEdit } | undefined
>(undefined);

/** The id of a text's field in a language: its English field's id and the language code. */
export const translationFieldId = (englishFieldId: string, language: string) =>
  `${englishFieldId}-${language}`;

/** What a partner's or a page's settings hold whose texts are edited elsewhere, under each block. */
const containers = new Set(['pages', 'sections', 'experiment']);

/** The words of a text's place inside its block or setting: "Card 2, Title". */
function fieldWords(pointer: string, partner: PartnerDraft): string {
  const steps = placeSteps(pointer, partner).filter(
    (step) => step.kind === 'entry' || step.kind === 'field',
  );
  return steps.map((step) => step.words).join(', ') || 'Text';
}

/**
 * The texts under `englishAt` (a block's settings) in each other language the partner offers,
 * below the block's form: one field for each text, with the English text it translates shown
 * above it, writing the file's `translations` (issue 37, item 7). Nothing when the partner offers
 * English only. A field's id is its English field's with the language (`…_title-es`), so a
 * missing translation's "Show me" lands in it.
 */
export function TranslationFields({
  englishAt,
  formId,
  blockName,
}: {
  /**
   * A block's settings ("/pages/landing/sections/0/props"), a variant's change of a block
   * (".../experiment/variants/0/overrides/hero"), a campaign page's own settings
   * ("/pages/springOffer"), or "" for the partner's settings.
   */
  englishAt: string;
  formId: string;
  blockName: string;
}) {
  const editing = useContext(TranslationEditing);
  if (!editing) return null;
  const { partner, onEdit } = editing;
  const depth = pointerParts(englishAt).length;
  return otherLanguages(partner).map((language) => {
    const texts = textsIn(partner, language, englishAt).filter(
      // The partner's settings (its name, logo, search, form and offer texts) or a campaign
      // page's (its title and description): their own texts, not their pages' or blocks'.
      (text) => depth > 2 || !containers.has(pointerParts(text.pointer)[depth] ?? ''),
    );
    if (texts.length === 0) return null;
    const name = languageWord(language);
    const missing = texts.filter((text) => text.given.trim() === '').length;
    return (
      <fieldset key={language} className="studio-translation">
        <legend>
          {blockName} in {name}
        </legend>
        <p className="studio-help">
          What visitors read on the {name} page. Each field shows the English text it stands for.{' '}
          {missing === 0
            ? `Every text is given in ${name}.`
            : `${missing} of ${texts.length} still to write.`}
        </p>
        {texts.map((text) => {
          const id = translationFieldId(
            fieldId(formId, pointerParts(text.pointer).slice(depth)),
            language,
          );
          const label = `${fieldWords(text.pointer, partner)} in ${name}`;
          const long = text.english.length > 80;
          const Input = long ? 'textarea' : 'input';
          return (
            <div className="studio-field" key={text.translation}>
              <label htmlFor={id}>{label}</label>
              <p className="studio-help" id={`${id}-english`}>
                English: {text.english || '(empty)'}
              </p>
              <Input
                id={id}
                lang={language}
                aria-describedby={`${id}-english`}
                aria-invalid={text.given.trim() === '' || undefined}
                value={text.given}
                {...(long ? { rows: 3 } : {})}
                onChange={(event) =>
                  onEdit(withTranslation(partner, text.translation, event.target.value), {
                    kind: 'change',
                    label: `change the ${name} ${label.replace(/ in \w+$/, '').toLowerCase()} of ${blockName}`,
                  })
                }
              />
            </div>
          );
        })}
      </fieldset>
    );
  });
}
