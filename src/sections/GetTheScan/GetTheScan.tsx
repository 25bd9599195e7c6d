import { SignupForm } from '../../forms/signup/SignupForm.tsx';
import { CheckList } from '../../ui/CheckList.tsx';
import { Container } from '../../ui/Container.tsx';
import { useSignupHandler } from '../signupHandler.ts';
import type { SectionProps } from '../types.ts';
import styles from './GetTheScan.module.css';

/** The four benefits beside the signup form; the hero's button scrolls here. */
export function GetTheScan({ partner, section }: SectionProps<'getTheScan'>) {
  const onSubmit = useSignupHandler();
  return (
    <section id="get-the-scan" className={styles.section} aria-labelledby="get-the-scan-title">
      <Container className={styles.layout}>
        <div className={styles.benefits}>
          <h2 id="get-the-scan-title" className={styles.title}>
            {section.title}
          </h2>
          <CheckList items={partner.eachSection.bullets} />
        </div>
        <SignupForm
          form={partner.form}
          partnerName={partner.name}
          onSubmit={onSubmit}
          idPrefix="signup"
          headingLevel={3}
        />
      </Container>
    </section>
  );
}
