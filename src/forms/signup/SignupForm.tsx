import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type Form from '@rjsf/core';
import type { IChangeEvent } from '@rjsf/core';
import { preloadAlerts } from '../../ui/Alerts/preloadAlerts.ts';
import { useHydrated } from '../../ui/hydration.ts';
import type { PartnerConfig } from '../../config/generated/partner.ts';
import { Html } from '../../ui/Html.tsx';
import { CtaButton, generateForm } from '../theme/index.ts';
import { focusFirstInvalid, useSubmission } from '../useSubmission.ts';
import { useRevalidateOnLanguage } from '../useRevalidateOnLanguage.ts';
import { usePrecompiledValidator } from '../validation/precompiled.ts';
import { fieldsToSchema, type SignupFormSchemas } from './fieldsToSchema.ts';
import { createCustomValidate, createTransformErrors } from './signupValidation.ts';
import { toSignupValues } from './values.ts';
import type { SignupFormData, SignupValues } from './values.ts';
import styles from './SignupForm.module.css';
import { englishForms, type FormsText } from './messages.ts';
import { formsWords } from '../../i18n/areas/forms.ts';
import { useText } from '../../i18n/words.ts';
import { takeCarried } from '../../i18n/switchAnswers.ts';
import { answersForAttribute, answersOnSwitch } from '../../i18n/switchHandover.ts';

export type { SignupValues } from './values.ts';

export interface SignupFormProps {
  /** The partner's form settings (`PartnerConfig['form']`): heading, subtitle, fields, button, consent. */
  form: PartnerConfig['form'];
  /** The partner's display name, used in the default consent sentence. */
  partnerName: string;
  /**
   * Called once with the trimmed values when the visitor submits a valid form. While the promise
   * runs the button is disabled and shows that it is sending; a second submit is impossible.
   * When it settles, either way, the form is idle again with everything the visitor typed kept.
   *
   * The form does not report a rejection anywhere: handle failures (the error alert of the spec)
   * inside this function. The form swallows the rejection once it is idle again only so that it
   * does not surface as an unhandled rejection.
   */
  onSubmit: (values: SignupValues) => Promise<void>;
  /** Prefix of every id in the form (default "signup"); give each form on one page its own. */
  idPrefix?: string;
  /** Level of the heading that shows `form.headerText` (default 2). */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
  /**
   * Answers to start from (a visitor sent back to start again keeps the email), filled in once the
   * form is interactive, under anything typed already.
   */
  initialValues?: SignupFormData;
}

const ThemedForm = generateForm<SignupFormData>();

export function defaultConsentText(partnerName: string, t: FormsText = englishForms): string {
  return t('consent', { partner: partnerName });
}

/**
 * The signup form of the landing page (spec §2 "Landing page", §4 "Signup form", §5): a heading,
 * the optional subtitle HTML (sanitised when the partner files were loaded), the partner's fields,
 * the call-to-action button and the consent sentence.
 *
 * Validation runs on submit; after the first attempt fields re-validate as the visitor types.
 * Messages show inline under their field, and focus moves to the first invalid field.
 */
export function SignupForm({
  form,
  partnerName,
  onSubmit,
  idPrefix = 'signup',
  headingLevel = 2,
  initialValues,
}: SignupFormProps) {
  const { fields } = form;
  const schemas = useMemo(() => fieldsToSchema(fields), [fields]);
  const { uiSchema } = schemas;
  // This form's own validator, its own chunk: the form suspends until it is here.
  const { schema, validator } = usePrecompiledValidator<SignupFormData>(schemas.schema);
  const t = useText(formsWords);
  const customValidate = useMemo(() => createCustomValidate(fields, t), [fields, t]);
  const transformErrors = useMemo(() => createTransformErrors(fields), [fields]);

  const [formData, setFormData] = useState<SignupFormData>({});
  const [attempted, setAttempted] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { pending, run } = useSubmission(onSubmit, buttonRef);
  const formRef = useRef<Form<SignupFormData>>(null);
  const focusError = useRevalidateOnLanguage(
    formRef,
    attempted,
    customValidate,
    useCallback(() => focusFirstInvalid(rootRef.current), []),
  );

  // A prerendered form is on screen before its script: text typed meanwhile is taken over when it
  // hydrates, and until then its select lists and its button wait (see hydratingUiSchema).
  const hydrated = useHydrated();
  const shownUiSchema = useMemo(
    () => (hydrated ? uiSchema : hydratingUiSchema(uiSchema, fields)),
    [hydrated, uiSchema, fields],
  );
  // The alert's code comes with the form's: a signup sent without a network can still say so.
  useEffect(preloadAlerts, []);
  // And the words of a failed signup, for the same reason (useSignup fetches them when needed).
  useEffect(() => {
    import('./signupError.ts').catch(() => undefined);
  }, []);
  // Read once: the answers the form started from.
  const [startValues] = useState(initialValues);
  useEffect(() => {
    const typed = typedBeforeHydration(rootRef.current, fields, idPrefix);
    // What the visitor typed on this page in the other language (the switch loaded this page).
    const carried = takeCarried(idPrefix, window.location.pathname);
    if (typed || startValues || carried)
      setFormData((current) => ({ ...startValues, ...carried, ...typed, ...current }));
  }, [fields, idPrefix, startValues]);
  // And what is typed here goes along if the visitor switches language.
  const answers = useRef(formData);
  useEffect(() => {
    answers.current = formData;
  }, [formData]);
  useEffect(() => answersOnSwitch(idPrefix, () => answers.current), [idPrefix]);

  const handleChange = useCallback((event: IChangeEvent<SignupFormData>) => {
    setFormData(event.formData ?? {});
  }, []);

  const handleError = useCallback(() => setAttempted(true), []);

  const handleSubmit = useCallback(
    (event: IChangeEvent<SignupFormData>) => {
      setAttempted(true);
      run(toSignupValues(fields, event.formData));
    },
    [fields, run],
  );

  const Heading = `h${headingLevel}` as const;
  const headingId = `${idPrefix}-heading`;
  const consentId = `${idPrefix}-consent`;

  return (
    <div ref={rootRef} className={styles.root} {...{ [answersForAttribute]: idPrefix }}>
      <Heading id={headingId} className={styles.heading}>
        {form.headerText}
      </Heading>
      {form.subtitleHtml !== undefined && (
        <Html as="div" html={form.subtitleHtml} className={styles.subtitle} />
      )}
      <ThemedForm
        ref={formRef}
        className={styles.form}
        schema={schema}
        uiSchema={shownUiSchema}
        validator={validator}
        formData={formData}
        onChange={handleChange}
        onSubmit={handleSubmit}
        onError={handleError}
        customValidate={customValidate}
        transformErrors={transformErrors}
        liveValidate={attempted ? 'onChange' : false}
        focusOnFirstError={focusError}
        idPrefix={idPrefix}
        readonly={pending}
      >
        <div className={styles.actions}>
          <CtaButton
            ref={buttonRef}
            color={form.buttonColor}
            pending={pending}
            disabled={!hydrated}
            describedBy={consentId}
          >
            {form.ctaText}
          </CtaButton>
          <p id={consentId} className={styles.consent}>
            {form.consentText ?? defaultConsentText(partnerName, t)}
          </p>
        </div>
      </ThemedForm>
    </div>
  );
}

/**
 * The uiSchema of a prerendered form until its script has run: select lists are disabled, since
 * they cannot open without it (the submit button waits too, see CtaButton's `disabled`). Text
 * inputs stay usable: plain inputs work without script, and what was typed is kept.
 */
function hydratingUiSchema(
  uiSchema: SignupFormSchemas['uiSchema'],
  fields: SignupFormProps['form']['fields'],
): SignupFormSchemas['uiSchema'] {
  const waiting: SignupFormSchemas['uiSchema'] = { ...uiSchema };
  for (const field of fields) {
    const entry = uiSchema[field.name];
    if (field.type === 'select' && entry && !Array.isArray(entry) && 'ui:widget' in entry) {
      waiting[field.name] = { ...entry, 'ui:disabled': true };
    }
  }
  return waiting;
}

/** What the visitor typed into the prerendered text inputs before the form hydrated, if anything. */
function typedBeforeHydration(
  root: HTMLElement | null,
  fields: SignupFormProps['form']['fields'],
  idPrefix: string,
): SignupFormData | undefined {
  const typed: SignupFormData = {};
  for (const field of fields) {
    if (field.type === 'select') continue;
    const input = root?.querySelector<HTMLInputElement>(`input[id="${idPrefix}_${field.name}"]`);
    if (input && input.value !== '') typed[field.name] = input.value;
  }
  return Object.keys(typed).length > 0 ? typed : undefined;
}
