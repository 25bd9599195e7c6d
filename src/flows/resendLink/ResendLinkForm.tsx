import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { resendLinkForm } from '../../forms/resendLink/resendLinkForm.ts';
import { SignupForm, type SignupValues } from '../../forms/signup/SignupForm.tsx';
import { usePartner } from '../../partner/PartnerContext.ts';
import { useServices } from '../../services/services.tsx';
import styles from './ResendLinkForm.module.css';
import { resendErrorText } from './resendError.ts';
import { journeyWords } from '../../i18n/areas/journey.ts';
import { useText } from '../../i18n/words.ts';

/**
 * "Send me my link again" (issue 30): bot check (landing_resend), POST /landing/resend-link. The
 * answer is the same whether or not the address has an order, so the page says what happens in
 * either case; a failure says what to do, and the form keeps the address.
 */
export function ResendLinkForm({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const { partner } = usePartner();
  const { api, botCheck } = useServices();
  const t = useText(journeyWords);
  const form = useMemo(
    () => resendLinkForm(partner.form.buttonColor, t),
    [partner.form.buttonColor, t],
  );
  const [sentTo, setSentTo] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const doneRef = useRef<HTMLHeadingElement>(null);

  const send = useCallback(
    async (values: SignupValues) => {
      const email = values.email ?? '';
      setProblem(undefined);
      try {
        const captchaToken = await botCheck.token('landing_resend');
        await api.resendLink({ email, captchaToken, referral: partner.id });
        setSentTo(email);
      } catch (error) {
        console.error('Asking for a new link failed', error);
        setProblem(resendErrorText(error, t));
      }
    },
    [api, botCheck, partner.id, t],
  );

  // The form is gone: its answer takes the focus, so a screen reader reads it next.
  useEffect(() => {
    if (sentTo !== undefined) doneRef.current?.focus();
  }, [sentTo]);

  if (sentTo !== undefined) {
    const Heading = `h${headingLevel}` as const;
    return (
      <section className={styles.done} aria-labelledby="resend-done-title">
        <Heading id="resend-done-title" ref={doneRef} tabIndex={-1} className={styles.doneTitle}>
          {t('resendDoneTitle')}
        </Heading>
        <p>
          {t('resendDoneStart')}
          <strong>{sentTo}</strong>
          {t('resendDoneEnd')}
        </p>
        <button type="button" className={styles.again} onClick={() => setSentTo(undefined)}>
          {t('resendAnother')}
        </button>
      </section>
    );
  }
  return (
    <div className={styles.root}>
      <SignupForm
        form={form}
        partnerName={partner.name}
        onSubmit={send}
        idPrefix="resend"
        headingLevel={headingLevel}
      />
      {/* Always in the page, so the sentence is announced when it appears. */}
      <div role="alert" className={styles.problem}>
        {problem && <p>{problem}</p>}
      </div>
    </div>
  );
}
