import homeProfileSchema from '../../schemas/home-profile.schema.json' with { type: 'json' };
import type { FormFieldDefinition } from './generated/partner.ts';

/*
 * The signup's describeHome select uses the partner's own option values; the home profile's uses
 * the values of schemas/home-profile.schema.json (what the server stores). A partner option maps
 * to a profile answer with the same value, else to the one with the same label (compared without
 * regard to case, spacing or curly apostrophes). `partners:check` reports an option that maps to
 * none (src/config/node/validation/partnerRules.ts), so the mapping never fails silently.
 */

type SelectOption = NonNullable<FormFieldDefinition['options']>[number];

/** The home profile's describeHome answers, value and label, in the schema's order. */
export const profileDescribeHomeOptions: readonly SelectOption[] =
  homeProfileSchema.properties.describeHome.enum.map((value, index) => ({
    value,
    label: homeProfileSchema.properties.describeHome['x-enumLabels'][index] ?? value,
  }));

const comparable = (text: string) =>
  text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/** The profile answer a partner's option stands for, or undefined when none matches. */
export function profileValueForOption(option: SelectOption): string | undefined {
  const byValue = profileDescribeHomeOptions.find((answer) => answer.value === option.value);
  if (byValue) return byValue.value;
  const label = comparable(option.label);
  return profileDescribeHomeOptions.find((answer) => comparable(answer.label) === label)?.value;
}

/** The partner's describeHome select among its signup fields, if it has one. */
export function describeHomeField(
  fields: readonly FormFieldDefinition[],
): FormFieldDefinition | undefined {
  return fields.find((field) => field.name === 'describeHome' && field.type === 'select');
}

/**
 * The profile answer for what the visitor picked at signup. A value of one of the partner's
 * options is mapped (undefined when that option maps to no profile answer); any other saved value
 * is passed on as it is, for the form to keep only if it is one of the profile's own answers.
 */
export function profileDescribeHome(
  fields: readonly FormFieldDefinition[],
  saved: string | undefined,
): string | undefined {
  if (!saved) return undefined;
  const option = describeHomeField(fields)?.options?.find((candidate) => candidate.value === saved);
  return option ? profileValueForOption(option) : saved;
}
