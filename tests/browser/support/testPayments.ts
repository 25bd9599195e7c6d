import type { TestPayments } from '../../../src/services/testPayments.ts';

/**
 * The reference server's test payments as a stand-in: an open $75.00 session of `partner` for
 * `email`, its pay, decline and cancel answered by `act` (by default, never: the checkout stays
 * as drawn).
 */
export function openTestPayments(
  partner: { id: string; name: string },
  email: string,
  act: TestPayments['act'] = () => new Promise(() => undefined),
): TestPayments {
  return {
    session: async () => ({
      email,
      amountCents: 7500,
      currency: 'usd',
      partnerId: partner.id,
      partnerName: partner.name,
      status: 'open',
    }),
    act,
  };
}
