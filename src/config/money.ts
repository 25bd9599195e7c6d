/** An amount in a currency's smallest unit, as orders and the report carry it. */
export interface Amount {
  currency: string;
  amountCents: number;
}

/** "$49.00" (US English, the currency's symbol); "49.00 XYZ" for a code Intl does not know. */
export function formatMoney({ currency, amountCents }: Amount): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(
      amountCents / 100,
    );
  } catch {
    return `${(amountCents / 100).toFixed(2)} ${currency}`;
  }
}

/** Sums in several currencies joined ("$49.00 + €10.00"), "–" for none. */
export function formatRevenue(revenue: readonly Amount[]): string {
  return revenue.length === 0 ? '–' : revenue.map(formatMoney).join(' + ');
}
