import type Form from '@rjsf/core';
import type { IChangeEvent } from '@rjsf/core';
import type { CustomValidator, ErrorTransformer } from '@rjsf/utils';
import { useSetAtom } from 'jotai';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { usePartner } from '../../partner/PartnerContext.ts';
import { usePartnerPaths } from '../../partner/usePartnerPaths.ts';
import {
  homeProfileFormSchemas,
  initialHomeProfile,
  toHomeProfile,
  validateHomeProfile,
  type HomeProfileFormData,
  type JourneyText,
} from '../../forms/homeProfile/homeProfileForm.ts';
import { profileDescribeHome } from '../../config/describeHomeMapping.ts';
import { errorFieldName } from '../../forms/signup/signupValidation.ts';
import type { FormsText } from '../../forms/signup/messages.ts';
import { CtaButton, generateForm } from '../../forms/theme/index.ts';
import { focusFirstInvalid, useSubmission } from '../../forms/useSubmission.ts';
import { useRevalidateOnLanguage } from '../../forms/useRevalidateOnLanguage.ts';
import { usePrecompiledValidator } from '../../forms/validation/precompiled.ts';
import { signupFormFor } from '../signup/signupFormFor.ts';
import { ApiError } from '../../services/api.ts';
import { useServices } from '../../services/services.tsx';
import { alertAtom } from '../../state/ui.ts';
import { preloadAlerts } from '../../ui/Alerts/preloadAlerts.ts';
import styles from './HomeProfileForm.module.css';
import { formsWords } from '../../i18n/areas/forms.ts';
import { journeyWords } from '../../i18n/areas/journey.ts';
import { useText } from '../../i18n/words.ts';

const ThemedForm = generateForm<HomeProfileFormData>();
const fieldNames = new Set(Object.keys(homeProfileFormSchemas().schema.properties));

// Our messages replace ajv's for our fields (see forms/signup/signupValidation.ts for why).
const transformErrors: ErrorTransformer<HomeProfileFormData> = (errors) =>
  errors.filter((error) => !fieldNames.has(errorFieldName(error)));
function createCustomValidate(
  t: JourneyText,
  forms: FormsText,
): CustomValidator<HomeProfileFormData> {
  return (formData, errors) => {
    for (const [name, message] of Object.entries(validateHomeProfile(formData ?? {}, t, forms))) {
      const entry = errors[name as keyof HomeProfileFormData];
      if (entry) entry.addError(message);
      else errors.addError(message);
    }
    return errors;
  };
}

/** What the visitor is told when saving fails; the form keeps everything they entered. */
function failureText(error: unknown, t: JourneyText): string {
  if (error instanceof ApiError && error.code === 'claim_token_used') return t('profileUsed');
  if (error instanceof ApiError && error.code === 'invalid_claim_token')
    return t('profileInvalidLink');
  return t('profileFailed');
}

/**
 * Spec §4 profile submit: bot check (landing_complete), POST /landing/complete without retry; on
 * success report_create, the saved describeHome cleared and on to complete; on failure the error
 * is logged, the visitor told, and the form stays as filled.
 */
export function HomeProfileForm({ claimToken }: { claimToken: string }) {
  const t = useText(journeyWords);
  const forms = useText(formsWords);
  const schemas = useMemo(() => homeProfileFormSchemas(t), [t]);
  const { uiSchema } = schemas;
  const customValidate = useMemo(() => createCustomValidate(t, forms), [t, forms]);
  // Compiled at build time (tools/vite-plugin-validators.ts; no ajv in the browser), fetched with
  // the page: the form suspends until it is here.
  const { schema, validator } = usePrecompiledValidator<HomeProfileFormData>(schemas.schema);
  const { partner } = usePartner();
  const { api, botCheck, analytics, storage } = useServices();
  const navigate = useNavigate();
  const paths = usePartnerPaths();
  const setAlert = useSetAtom(alertAtom);
  // The alert is here before it is needed: a profile sent without a network still says so.
  useEffect(preloadAlerts, []);
  // Typed once: the signup's answers pre-fill the profile (spec §3 for describeHome, mapped to the
  // profile's values; the zip code too, which the visitor gave a minute ago).
  const [formData, setFormData] = useState<HomeProfileFormData>(() =>
    initialHomeProfile({
      describeHome: profileDescribeHome(signupFormFor(partner).fields, storage.readDescribeHome()),
      postalCode: storage.readZipCode(),
    }),
  );
  const [attempted, setAttempted] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const send = useCallback(
    async (data: HomeProfileFormData) => {
      try {
        const captchaToken = await botCheck.token('landing_complete');
        await api.complete({ ...toHomeProfile(data), captchaToken, claimToken });
        analytics.track('report_create', { client_id: partner.id });
        storage.clearDescribeHome();
        storage.clearZipCode();
        await navigate(paths.complete);
      } catch (error) {
        console.error('Creating the home profile failed', error);
        setAlert({ type: 'ERROR', msg: failureText(error, t), open: true });
      }
    },
    [
      analytics,
      api,
      botCheck,
      claimToken,
      navigate,
      partner.id,
      paths.complete,
      setAlert,
      storage,
      t,
    ],
  );
  const { pending, run } = useSubmission(send, buttonRef);
  const onChange = useCallback(
    (event: IChangeEvent<HomeProfileFormData>) => setFormData(event.formData ?? {}),
    [],
  );
  const formRef = useRef<Form<HomeProfileFormData>>(null);
  const focusError = useRevalidateOnLanguage(
    formRef,
    attempted,
    customValidate,
    useCallback(() => focusFirstInvalid(rootRef.current), []),
  );

  return (
    <div ref={rootRef} className={styles.root}>
      <p className={styles.intro}>{t('profileIntro')}</p>
      <ThemedForm
        ref={formRef}
        schema={schema}
        uiSchema={uiSchema}
        validator={validator}
        formData={formData}
        onChange={onChange}
        onError={() => setAttempted(true)}
        onSubmit={(event) => {
          setAttempted(true);
          run(event.formData ?? {});
        }}
        customValidate={customValidate}
        transformErrors={transformErrors}
        liveValidate={attempted ? 'onChange' : false}
        focusOnFirstError={focusError}
        idPrefix="home"
        readonly={pending}
      >
        <div className={styles.actions}>
          <CtaButton ref={buttonRef} color={partner.form.buttonColor} pending={pending}>
            {t('continue')}
          </CtaButton>
        </div>
      </ThemedForm>
    </div>
  );
}
