/*
 * Value mapping between rjsf and Radix Select.
 *
 * Radix throws for an <Select.Item value="">, because "" is how a controlled Select is cleared back
 * to its placeholder (radix-ui/primitives#2174). Passing `undefined` instead would switch the Select
 * to uncontrolled mode and keep showing the last choice (radix-ui/primitives#2752). So:
 *  - rjsf `undefined` (no choice, or after reset) -> Radix value "" -> the placeholder shows;
 *  - the disabled placeholder option, which the spec asks for, gets a sentinel value instead of ""
 *    (with a ":", which partner option values cannot contain, so it never clashes with one);
 *  - coming back, "" and the sentinel both become `undefined` for rjsf.
 */
export const PLACEHOLDER_ITEM_VALUE = 'signup:placeholder';

/** rjsf value -> Radix value; anything that is not one of the options shows the placeholder. */
export function toRadixValue(value: unknown, optionValues: readonly string[]): string {
  const text = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  return optionValues.includes(text) ? text : '';
}

/** Radix value -> rjsf value. */
export function fromRadixValue(value: string): string | undefined {
  return value === '' || value === PLACEHOLDER_ITEM_VALUE ? undefined : value;
}
