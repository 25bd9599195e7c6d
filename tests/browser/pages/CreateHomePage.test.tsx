import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { ApiError, type LandingCompleteRequest } from '../../../src/services/api.ts';
import { alertAtom } from '../../../src/state/ui.ts';
import {
  claimToken,
  cleanupApp,
  currentUrl,
  deferred,
  renderApp,
  type Deferred,
} from '../support/render.tsx';

beforeEach(() => {
  // The form logs a failed save (spec §4); keep the test output quiet and check it instead.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanupApp();
  vi.restoreAllMocks();
});

const describeHome = () => page.getByRole('combobox', { name: 'Which best describes you?' });
const homeName = () => page.getByRole('textbox', { name: 'Name of this Home Scan' });
const zip = () => page.getByRole('textbox', { name: 'Zip code' });
const ownTheHome = () => page.getByRole('combobox', { name: 'Do you own the home?' });
const numFloors = () => page.getByRole('combobox', { name: 'How many floors does the home have?' });
const continueButton = () => page.getByRole('button', { name: 'Continue' });
/** The name field's hint (schemas/home-profile.schema.json), read before its error message. */
const nameHint = 'A name for this Home Scan, such as "Mom\'s house" or the street address.';

interface Options {
  saved?: string;
  savedZip?: string;
  complete?: (body: LandingCompleteRequest) => Promise<void>;
  clientId?: string;
}

/** The create-home route of the app with a valid claim token, and what the API received. */
function renderCreateHome({ saved, savedZip, complete, clientId = 'demo' }: Options = {}) {
  const token = claimToken({ reportID: 'report-42' });
  const sent: LandingCompleteRequest[] = [];
  const app = renderApp(
    `/${clientId}/claim-offer/create-home?t=${encodeURIComponent(token)}`,
    {
      complete: async (body) => {
        sent.push(body);
        return complete ? complete(body) : undefined;
      },
    },
    (services) => {
      if (saved !== undefined) services.storage.saveDescribeHome(saved);
      if (savedZip !== undefined) services.storage.saveZipCode(savedZip);
    },
  );
  return { ...app, token, sent };
}

async function choose(select: ReturnType<typeof describeHome>, label: string) {
  await userEvent.click(select);
  await userEvent.click(page.getByRole('option', { name: label, exact: true }));
  await expect.element(select).toHaveTextContent(label);
}

async function fillRequired(name = "Mom's house", postalCode = '02134') {
  await userEvent.fill(homeName(), name);
  await userEvent.fill(zip(), postalCode);
}

describe('CreateHomePage', () => {
  it('shows step 2 of 2 with the form and a Continue button', async () => {
    renderCreateHome();
    await expect
      .element(page.getByRole('heading', { level: 1, name: 'Step 2 of 2 Create a Home Profile' }))
      .toBeVisible();
    for (const control of [describeHome(), homeName(), zip(), ownTheHome(), numFloors()]) {
      await expect.element(control).toBeVisible();
    }
    await expect.element(continueButton()).toBeEnabled();
    await expect.element(continueButton()).toHaveAttribute('type', 'submit');
  });

  it('shows the name hint between label and input, and the input is described by it', async () => {
    renderCreateHome();
    await expect.element(homeName()).toHaveAccessibleDescription(nameHint);
    const hint = page.getByText(nameHint).element();
    const input = homeName().element();
    const label = document.querySelector(`label[for="${input.id}"]`);
    expect(label?.compareDocumentPosition(hint)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(hint.compareDocumentPosition(input)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
  });

  it('pre-fills describeHome from the answer saved at signup', async () => {
    renderCreateHome({ saved: 'caregiver', clientId: 'cor-freedom' });
    await expect.element(describeHome()).toHaveTextContent('Someone I care about lives here');
  });

  it('ignores a saved answer that is not one of the options', async () => {
    renderCreateHome({ saved: 'landlord', clientId: 'cor-freedom' });
    await expect.element(describeHome()).toHaveTextContent('Select one');
  });

  it('pre-fills the zip code given at signup, and sends it', async () => {
    const { sent } = renderCreateHome({ saved: 'helper', savedZip: '02134', clientId: 'lowes' });
    await expect.element(zip()).toHaveValue('02134');
    await expect.element(describeHome()).toHaveTextContent("I'm helping someone stay safe at home");
    await userEvent.fill(homeName(), "Mom's house");
    await userEvent.click(continueButton());
    await expect.poll(() => sent.length).toBe(1);
    expect(sent[0]).toMatchObject({
      describeHome: 'helper',
      postalCode: '02134',
      streetAddressLine1: "Mom's house",
    });
  });

  for (const [label, search, title] of [
    ['no claim token', '', 'This link is missing its code'],
    ['a malformed claim token', '?t=not-a-token', 'This link looks incomplete'],
    [
      'an expired claim token',
      `?t=${claimToken({ exp: Math.floor(Date.now() / 1000) - 60 })}`,
      'This link has expired',
    ],
  ] as const) {
    it(`with ${label} explains it and offers a new link instead of showing the form`, async () => {
      renderApp(`/demo/claim-offer/create-home${search}`);
      await expect.element(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect.element(page.getByRole('button', { name: 'Email me a new link' })).toBeVisible();
      // An expired link belongs to a visitor who paid: starting again would charge them twice.
      expect(page.getByRole('link', { name: 'Start again' }).elements()).toHaveLength(
        title === 'This link has expired' ? 0 : 1,
      );
      expect(document.querySelector('#home_streetAddressLine1')).toBeNull();
    });
  }

  it('sends the address for a new link and says what happens, the same for any address', async () => {
    const asked: unknown[] = [];
    renderApp(`/demo/claim-offer/create-home?t=${claimToken({ exp: 946_684_800 })}`, {
      resendLink: async (body) => {
        asked.push(body);
        return { accepted: true };
      },
    });
    await userEvent.fill(
      page.getByRole('textbox', { name: 'Email address' }),
      ' paid@example.com ',
    );
    await userEvent.click(page.getByRole('button', { name: 'Email me a new link' }));
    const answer = page.getByRole('heading', { name: 'Please check your email' });
    await expect.element(answer).toHaveFocus();
    await expect
      .element(page.getByText(/If paid@example\.com has a scan waiting for its home profile/))
      .toBeVisible();
    expect(asked).toEqual([
      { email: 'paid@example.com', captchaToken: 'local:landing_resend', referral: 'demo' },
    ]);
  });

  it('a refused request says when to try again and keeps the address', async () => {
    renderApp(`/demo/claim-offer/create-home?t=${claimToken({ exp: 946_684_800 })}`, {
      resendLink: async () => {
        throw new ApiError(
          429,
          'rate_limited',
          'Too many tries in a short time. Please wait 42 minutes and try again.',
        );
      },
    });
    const email = page.getByRole('textbox', { name: 'Email address' });
    await userEvent.fill(email, 'paid@example.com');
    await userEvent.click(page.getByRole('button', { name: 'Email me a new link' }));
    await expect
      .element(page.getByRole('alert').filter({ hasText: /Too many tries/ }))
      .toHaveTextContent('Too many tries in a short time. Please wait 42 minutes and try again.');
    await expect.element(email).toHaveValue('paid@example.com');
  });
});

describe('HomeProfileForm: validation', () => {
  it('empty submit with nothing saved: the three messages word for word, focus on the first field', async () => {
    const { sent } = renderCreateHome();
    await userEvent.click(continueButton());
    await expect.element(describeHome()).toHaveFocus();
    await expect
      .element(describeHome())
      .toHaveAccessibleDescription('Please select one of the options.');
    await expect.element(describeHome()).toHaveAttribute('aria-invalid', 'true');
    await expect
      .element(homeName())
      .toHaveAccessibleDescription(`${nameHint} Please enter a name for this Home Scan.`);
    await expect.element(zip()).toHaveAccessibleDescription('Please enter a zip code.');
    // The optional fields carry no error.
    await expect.element(ownTheHome()).not.toHaveAttribute('aria-invalid');
    await expect.element(numFloors()).not.toHaveAttribute('aria-invalid');
    expect(document.querySelectorAll('[aria-invalid="true"]')).toHaveLength(3);
    expect(sent).toEqual([]);
  });

  it('empty submit with describeHome saved: focus goes to the name field', async () => {
    const { sent } = renderCreateHome({ saved: 'resident' });
    await expect.element(describeHome()).toHaveTextContent('I live in this home');
    await userEvent.click(continueButton());
    await expect.element(homeName()).toHaveFocus();
    await expect.element(describeHome()).not.toHaveAttribute('aria-invalid');
    await expect
      .element(homeName())
      .toHaveAccessibleDescription(`${nameHint} Please enter a name for this Home Scan.`);
    await expect.element(zip()).toHaveAccessibleDescription('Please enter a zip code.');
    expect(sent).toEqual([]);
  });

  it('an invalid zip says "Enter a valid 5-digit zip code" and takes the focus', async () => {
    const { sent } = renderCreateHome({ saved: 'resident' });
    await fillRequired('Home', '1234');
    await userEvent.click(continueButton());
    await expect.element(zip()).toHaveFocus();
    await expect.element(zip()).toHaveAccessibleDescription('Enter a valid 5-digit zip code');
    await expect.element(homeName()).not.toHaveAttribute('aria-invalid');
    expect(sent).toEqual([]);

    // A name of spaces counts as empty.
    await userEvent.fill(homeName(), '   ');
    await userEvent.fill(zip(), 'abcde');
    await userEvent.click(continueButton());
    await expect.element(homeName()).toHaveFocus();
    await expect
      .element(homeName())
      .toHaveAccessibleDescription(`${nameHint} Please enter a name for this Home Scan.`);
    await expect.element(zip()).toHaveAccessibleDescription('Enter a valid 5-digit zip code');
  });

  it('clears a message once the field is fixed after a failed submit', async () => {
    renderCreateHome({ saved: 'resident' });
    await userEvent.click(continueButton());
    await expect.element(zip()).toHaveAttribute('aria-invalid', 'true');
    await userEvent.fill(zip(), '02134');
    await expect.element(zip()).not.toHaveAttribute('aria-invalid');
    await expect.element(homeName()).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('HomeProfileForm: options and payload', () => {
  it('offers Yes / No / N/A for ownTheHome and exactly 1, 2, 3, 4+ for numFloors', async () => {
    renderCreateHome();
    const optionTexts = () =>
      page
        .getByRole('option')
        .elements()
        .map((option) => option.textContent);

    await userEvent.click(numFloors());
    await expect.element(page.getByRole('listbox')).toBeVisible();
    expect(optionTexts()).toEqual(['Select one (optional)', '1', '2', '3', '4+']);
    await userEvent.keyboard('{Escape}');
    await expect.element(page.getByRole('listbox')).not.toBeInTheDocument();

    await userEvent.click(ownTheHome());
    await expect.element(page.getByRole('listbox')).toBeVisible();
    expect(optionTexts()).toEqual(['Select one (optional)', 'Yes', 'No', 'N/A']);
    await userEvent.keyboard('{Escape}');

    await userEvent.click(describeHome());
    await expect.element(page.getByRole('listbox')).toBeVisible();
    expect(optionTexts()).toEqual([
      'Select one',
      'I live in this home',
      'Someone I care about lives here',
      "I'm helping someone stay safe at home",
      "I'm a home safety professional",
    ]);
    await userEvent.keyboard('{Escape}');
  });

  for (const [label, value, floors] of [
    ['Yes', true, '1'],
    ['No', false, '4+'],
    ['N/A', '', '2'],
  ] as const) {
    it(`sends ownTheHome ${label} as ${JSON.stringify(value)} with numFloors ${floors}`, async () => {
      const { sent, token } = renderCreateHome({ saved: 'helper' });
      await fillRequired('  Grandpa Joe  ', ' 02134 ');
      await choose(ownTheHome(), label);
      await choose(numFloors(), floors);
      await userEvent.click(continueButton());
      await expect.poll(() => sent).toHaveLength(1);
      expect(sent[0]).toEqual({
        describeHome: 'helper',
        streetAddressLine1: 'Grandpa Joe',
        postalCode: '02134',
        ownTheHome: value,
        numFloors: floors,
        captchaToken: 'local:landing_complete',
        claimToken: token,
      });
    });
  }

  it('leaves the optional fields out when they are not answered', async () => {
    const { sent, token } = renderCreateHome();
    await choose(describeHome(), "I'm a home safety professional");
    await fillRequired('Office', '90210');
    await userEvent.click(continueButton());
    await expect.poll(() => sent).toHaveLength(1);
    expect(sent[0]).toEqual({
      describeHome: 'professional',
      streetAddressLine1: 'Office',
      postalCode: '90210',
      captchaToken: 'local:landing_complete',
      claimToken: token,
    });
  });
});

describe('HomeProfileForm: submitting', () => {
  it('is disabled and busy while sending; on success records report_create, clears the saved answer and goes to complete', async () => {
    const sending: Deferred<void> = deferred();
    const { sent, services, router } = renderCreateHome({
      saved: 'caregiver',
      complete: () => sending.promise,
    });
    await fillRequired();
    await userEvent.click(continueButton());
    await expect.poll(() => sent).toHaveLength(1);

    await expect.element(continueButton()).toBeDisabled();
    await expect.element(continueButton()).toHaveAttribute('aria-disabled', 'true');
    await expect.element(continueButton()).toHaveAttribute('data-pending', 'true');
    await expect
      .element(page.getByRole('status').filter({ hasText: 'Sending' }))
      .toHaveTextContent('Sending');
    await expect.element(homeName()).toHaveAttribute('readonly');
    await expect.element(describeHome()).toHaveAttribute('aria-readonly', 'true');
    // No second request while the first is pending.
    document.querySelector('form')?.requestSubmit();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toHaveLength(1);
    expect(services.analytics.events).toEqual([]);
    expect(services.stored.get('describeHome')).toBe('caregiver');
    expect(currentUrl(router)).toMatch(/^\/demo\/claim-offer\/create-home\?t=/);

    sending.resolve();
    await expect.poll(() => currentUrl(router)).toBe('/demo/claim-offer/complete');
    await expect.element(page.getByRole('heading', { level: 1, name: 'Thank you.' })).toBeVisible();
    expect(services.analytics.events).toEqual([
      { event: 'report_create', params: { client_id: 'demo' } },
    ]);
    expect(services.stored.has('describeHome')).toBe(false);
  });

  it('on failure keeps the values, shows an error alert, logs it and stays', async () => {
    const { sent, services, router, store } = renderCreateHome({
      saved: 'resident',
      complete: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await fillRequired('Lake cabin', '55401');
    await choose(numFloors(), '3');
    await userEvent.click(continueButton());
    await expect.poll(() => sent).toHaveLength(1);

    const message =
      'We could not save your home profile. Please check your connection and press Continue again.';
    await expect.element(page.getByText(message)).toBeVisible();
    expect(store.get(alertAtom)).toEqual({ type: 'ERROR', msg: message, open: true });
    expect(console.error).toHaveBeenCalledWith(
      'Creating the home profile failed',
      expect.any(TypeError),
    );

    await expect.element(continueButton()).toBeEnabled();
    await expect.element(homeName()).toHaveValue('Lake cabin');
    await expect.element(zip()).toHaveValue('55401');
    await expect.element(describeHome()).toHaveTextContent('I live in this home');
    await expect.element(numFloors()).toHaveTextContent('3');
    expect(currentUrl(router)).toMatch(/^\/demo\/claim-offer\/create-home\?t=/);
    expect(services.analytics.events).toEqual([]);
    expect(services.stored.get('describeHome')).toBe('resident');

    // It can be sent again. Focus went back to Continue; on a phone-sized page the error toast
    // covers that button, so the keyboard sends it (see the report on the toast overlap).
    await expect.element(continueButton()).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => sent).toHaveLength(2);
  });

  it('tells the visitor when the link was already used', async () => {
    const { store } = renderCreateHome({
      saved: 'resident',
      complete: () => Promise.reject(new ApiError(409, 'claim_token_used', 'Conflict')),
    });
    await fillRequired();
    await userEvent.click(continueButton());
    await expect
      .poll(() => store.get(alertAtom).msg)
      .toBe(
        'A home profile was already created with this link. Please check your email for your scanning instructions.',
      );
  });
});
