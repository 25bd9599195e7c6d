import { useCallback, useMemo, useRef, useState } from 'react';
import type { IChangeEvent } from '@rjsf/core';
import { customizeValidator } from '@rjsf/validator-ajv8';
import type { PartnerConfig } from '../../config/generated/partner.ts';
import { Html } from '../../ui/Html.tsx';
import { CtaButton, generateForm } from '../theme/index.ts';
import { focusFirstInvalid, useSubmission } from '../useSubmission.ts';
import { fieldsToSchema } from './fieldsToSchema.ts';
import { createCustomValidate, createTransformErrors } from './signupValidation.ts';
import { toSignupValues } from './values.ts';
import type { SignupFormData, SignupValues } from './values.ts';
import styles from './SignupForm.module.css';

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
}

const ThemedForm = generateForm<SignupFormData>();
const validator = customizeValidator<SignupFormData>();

export function defaultConsentText(partnerName: string): string {
  return `By continuing, you consent to ${partnerName} receiving your home safety report.`;
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
}: SignupFormProps) {
  const { fields } = form;
  const { schema, uiSchema } = useMemo(() => fieldsToSchema(fields), [fields]);
  const customValidate = useMemo(() => createCustomValidate(fields), [fields]);
  const transformErrors = useMemo(() => createTransformErrors(fields), [fields]);

  const [formData, setFormData] = useState<SignupFormData>({});
  const [attempted, setAttempted] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { pending, run } = useSubmission(onSubmit, buttonRef);
  const focusError = useCallback(() => focusFirstInvalid(rootRef.current), []);

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
    <div ref={rootRef} className={styles.root}>
      <Heading id={headingId} className={styles.heading}>
        {form.headerText}
      </Heading>
      {form.subtitleHtml !== undefined && (
        <Html as="div" html={form.subtitleHtml} className={styles.subtitle} />
      )}
      <ThemedForm
        className={styles.form}
        schema={schema}
        uiSchema={uiSchema}
        validator={validator}
        formData={formData}
        onChange={handleChange}
        onSubmit={handleSubmit}
        onError={handleError}
        customValidate={customValidate}
        transformErrors={transformErrors}
        liveValidate={attempted ? 'onChange' : false}
        showErrorList={false}
        noHtml5Validate
        focusOnFirstError={focusError}
        idPrefix={idPrefix}
        readonly={pending}
      >
        <div className={styles.actions}>
          <CtaButton
            ref={buttonRef}
            color={form.buttonColor}
            pending={pending}
            describedBy={consentId}
          >
            {form.ctaText}
          </CtaButton>
          <p id={consentId} className={styles.consent}>
            {form.consentText ?? defaultConsentText(partnerName)}
          </p>
        </div>
      </ThemedForm>
    </div>
  );
}
