import { describe, expect, it } from 'vitest';
import { alertsWords } from './alerts.ts';
import { blocksWords } from './blocks.ts';
import { formsWords } from './forms.ts';
import { journeyWords } from './journey.ts';
import { offerWords } from './offer.ts';
import { textOf } from '../words.ts';

/*
 * The English catalogue says the product specification's texts word for word (issue 37: "the
 * English one equal to the spec's texts"). The spec's sentences are copied here as facts, from
 * its sections named beside each; nothing reads the spec at test time.
 */
const journey = textOf(journeyWords.en);
const offer = textOf(offerWords.en);
const blocks = textOf(blocksWords.en);
const forms = textOf(formsWords.en);
const alerts = textOf(alertsWords.en);

describe('the English catalogue is the spec', () => {
  it('§2 route table and screens: the steps and their titles', () => {
    expect(`${journey('step1')} ${journey('processTitle')}`).toBe(
      'Step 1 of 2 Claim Discount Offer',
    );
    expect(`${journey('step2')} ${journey('createHomeTitle')}`).toBe(
      'Step 2 of 2 Create a Home Profile',
    );
    // "It has the form below and a Continue button."
    expect(journey('continue')).toBe('Continue');
  });

  it('§2 complete page, sentence by sentence', () => {
    expect(
      [
        offer('completeTitle'),
        offer('completeSetUp'),
        offer('completeCheckEmail'),
        offer('completeSpam'),
      ].join(' '),
    ).toBe(
      "Thank you. We've set up your Discounted Home Scan. Please check your email for instructions on how to get started scanning your home. If it doesn't arrive within a few minutes, be sure to check your spam or promotions folder.",
    );
  });

  it("§2 landing page: the carousel's title", () => {
    expect(blocks('testimonialsTitle')).toBe('What People Are Saying');
  });

  it('§2 signup form: the consent sentence names the partner and the safety report', () => {
    const consent = forms('consent', { partner: 'Acme Care' });
    expect(consent).toMatch(/^By continuing, you consent to Acme Care receiving /);
    expect(consent).toContain('safety report');
  });

  it('§3 home profile form: the options of describeHome and ownTheHome', () => {
    expect([
      journey('describeHomeResident'),
      journey('describeHomeCaregiver'),
      journey('describeHomeHelper'),
      journey('describeHomeProfessional'),
    ]).toEqual([
      'I live in this home',
      'Someone I care about lives here',
      "I'm helping someone stay safe at home",
      "I'm a home safety professional",
    ]);
    expect([journey('ownYes'), journey('ownNo'), journey('ownNa')]).toEqual(['Yes', 'No', 'N/A']);
  });

  it('§5 validation messages', () => {
    expect(forms('required', { label: 'Email' })).toBe('Email is required');
    expect(forms('invalidEmail')).toBe('Enter a valid email');
    expect(forms('invalidZip')).toBe('Enter a valid 5-digit zip code');
    expect(journey('describeHomeMissing')).toBe('Please select one of the options.');
    expect(journey('scanNameMissing')).toBe('Please enter a name for this Home Scan.');
    expect(journey('zipMissing')).toBe('Please enter a zip code.');
  });

  it('§8 error catalogue: the signup texts and the default alert texts', () => {
    expect(forms('signupInvalidEmail')).toBe('Invalid email');
    expect(forms('signupCaptchaError')).toBe('Captcha error');
    expect(forms('signupUnknownError')).toBe('Unknown error');
    expect(alerts('successText')).toBe('Operation completed successfully');
    expect(alerts('infoText')).toBe('There might be more information');
    expect(alerts('warningText')).toBe('Warning');
    expect(alerts('errorText')).toBe(
      'There was an error, please try again later or contact support',
    );
  });
});
