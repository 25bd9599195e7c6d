import Ajv2020, { type ErrorObject } from 'ajv/dist/2020.js';
import homeProfileSchema from '../../schemas/home-profile.schema.json' with { type: 'json' };
import type { HomeProfile } from '../../src/config/generated/home-profile.ts';

/**
 * Validates the home profile with the same JSON Schema the browser form uses, so the two can never
 * disagree. Its own Ajv instance (draft 2020-12, no type coercion): Fastify's default instance is
 * draft-07 and coerces types, which would accept 2 for "2".
 */
const ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false });
// An annotation for the form renderer (option labels), not a validation keyword.
ajv.addKeyword('x-enumLabels');
const validate = ajv.compile<HomeProfile>(homeProfileSchema);

/**
 * The messages of the product spec's validation table, per field. A Map, not an object literal:
 * field names come from the request, and "constructor" or "toString" must not find Object's.
 */
const FIELD_MESSAGES = new Map<string, string>([
  ['describeHome', 'Please select one of the options.'],
  ['streetAddressLine1', 'Please enter a name for this Home Scan.'],
  ['postalCode', 'Please enter a zip code.'],
  ['ownTheHome', 'Please choose Yes, No or N/A.'],
  ['numFloors', 'Please choose 1, 2, 3 or 4+.'],
]);

export type ProfileCheck =
  | { ok: true; profile: HomeProfile }
  | { ok: false; message: string; fields: Record<string, string> };

function fieldOf(error: ErrorObject): string {
  if (error.keyword === 'required' && typeof error.params.missingProperty === 'string') {
    return error.params.missingProperty;
  }
  if (
    error.keyword === 'additionalProperties' &&
    typeof error.params.additionalProperty === 'string'
  ) {
    return error.params.additionalProperty;
  }
  return error.instancePath.split('/')[1] ?? '';
}

function messageFor(field: string, error: ErrorObject, value: unknown): string {
  if (error.keyword === 'additionalProperties') return `${field} is not a home profile field.`;
  if (field === 'postalCode' && typeof value === 'string' && value.trim() !== '') {
    return 'Enter a valid 5-digit zip code';
  }
  return FIELD_MESSAGES.get(field) ?? `${field} is not valid.`;
}

export function checkHomeProfile(input: Record<string, unknown>): ProfileCheck {
  // Copy first: the schema's validator must see exactly what will be stored.
  const candidate: Record<string, unknown> = { ...input };
  if (validate(candidate)) return { ok: true, profile: candidate };
  // First message per field, in the order the schema reports them; a Map so that any field name,
  // "__proto__" and "constructor" included, is just a key.
  const messages = new Map<string, string>();
  for (const error of validate.errors ?? []) {
    const field = fieldOf(error);
    if (!messages.has(field))
      messages.set(
        field,
        messageFor(field, error, Object.hasOwn(candidate, field) ? candidate[field] : undefined),
      );
  }
  return {
    ok: false,
    message: [...messages.values()].join(' '),
    fields: Object.fromEntries(messages),
  };
}
