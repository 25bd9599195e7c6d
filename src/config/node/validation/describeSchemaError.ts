import type { ErrorObject } from 'ajv';

/**
 * Turns one ajv error into a pointer and a sentence an onboarding colleague understands.
 * Schemas carry an `x-hint` ("a colour written as # and six hexadecimal digits...") that is used
 * wherever a value has the wrong form.
 */
export interface DescribedError {
  pointer: string;
  message: string;
  /** The missing setting's name, for a `required` error. */
  missing?: string;
}

const typeWords: Record<string, string> = {
  string: 'text in quotes',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false (without quotes)',
  array: 'a list written in [ ]',
  object: 'a group of settings written in { }',
  null: 'null',
};

function hintOf(error: ErrorObject): string | undefined {
  const schema = error.parentSchema as { 'x-hint'?: unknown } | undefined;
  return typeof schema?.['x-hint'] === 'string' ? schema['x-hint'] : undefined;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function quote(value: unknown): string {
  return JSON.stringify(value);
}

export function describeSchemaError(
  error: ErrorObject,
  blockTypes: readonly string[],
): DescribedError {
  const at = error.instancePath || '/';
  const params = error.params as Record<string, unknown>;
  const hint = hintOf(error);
  switch (error.keyword) {
    case 'required':
      return {
        pointer: at,
        message: `the setting ${quote(params.missingProperty)} is missing`,
        missing: String(params.missingProperty),
      };
    case 'additionalProperties':
      return {
        pointer: `${error.instancePath}/${String(params.additionalProperty)}`,
        message: `${quote(params.additionalProperty)} is not a setting we know here; check its spelling or remove it`,
      };
    case 'type':
      return { pointer: at, message: `should be ${typeWords[String(params.type)] ?? params.type}` };
    case 'enum':
    case 'const': {
      const allowed = (params.allowedValues ?? [params.allowedValue]) as unknown[];
      return {
        pointer: at,
        message: `should be ${hint ?? `one of ${allowed.map(quote).join(', ')}`}, not ${quote(error.data)}`,
      };
    }
    case 'pattern':
      return { pointer: at, message: `should be ${hint ?? 'written in the expected form'}` };
    case 'minLength':
      return {
        pointer: at,
        message:
          params.limit === 1 ? 'cannot be empty' : `needs at least ${params.limit} characters`,
      };
    case 'maxLength':
      return {
        pointer: at,
        message: `is too long: keep it to ${params.limit} characters or fewer (it has ${String(error.data).length})`,
      };
    case 'minItems':
    case 'maxItems': {
      const schema = error.parentSchema as { minItems?: number; maxItems?: number };
      const count = Array.isArray(error.data) ? error.data.length : 0;
      if (schema.minItems !== undefined && schema.minItems === schema.maxItems) {
        return {
          pointer: at,
          message: `needs exactly ${plural(schema.minItems, 'item')} (it has ${count})`,
        };
      }
      return error.keyword === 'minItems'
        ? {
            pointer: at,
            message: `needs at least ${plural(Number(params.limit), 'item')} (it has ${count})`,
          }
        : {
            pointer: at,
            message: `can have at most ${plural(Number(params.limit), 'item')} (it has ${count})`,
          };
    }
    case 'uniqueItems':
      return {
        pointer: at,
        message: `lists the same value twice (items ${Number(params.j) + 1} and ${Number(params.i) + 1})`,
      };
    case 'minimum':
    case 'maximum':
      return {
        pointer: at,
        message: `should be ${error.keyword === 'minimum' ? 'at least' : 'at most'} ${params.limit}`,
      };
    case 'discriminator': {
      if (params.error === 'tag') {
        return { pointer: at, message: 'needs a "type" written as text, such as "hero"' };
      }
      return {
        pointer: `${error.instancePath}/type`,
        message: `${quote(params.tagValue)} is not a section type we know; use one of ${blockTypes.map(quote).join(', ')}`,
      };
    }
    default:
      return { pointer: at, message: hint ? `should be ${hint}` : String(error.message) };
  }
}
