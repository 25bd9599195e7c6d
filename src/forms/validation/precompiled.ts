import { use, useMemo, type ReactPromise } from 'react';
import type { FormContextType, RJSFSchema, StrictRJSFSchema, ValidatorType } from '@rjsf/utils';
// The file, not the package index: the index also builds the ajv-based validator.
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import type { CompiledValidateFunction } from '@rjsf/validator-ajv8/lib/types.js';
import { validatorLoaders } from 'virtual:form-validators';
import { withSchemaId } from './schemaId.ts';

/*
 * rjsf validation without ajv in the browser: the validators were generated as plain JavaScript at
 * build time (tools/vite-plugin-validators.ts), so no code is compiled at run time and a Content
 * Security Policy without 'unsafe-eval' works. Each form's validator is its own small chunk,
 * fetched with the form (usePrecompiledValidator), so a page carries only its own form's.
 *
 * What the schema check adds is small (an object of strings, select values from their enum): every
 * message a visitor reads comes from our own rules (customValidate, see signupValidation.ts). So a
 * schema with no precompiled validator, which only a story or test with made-up fields (or the
 * studio's preview of an unsaved form) can have, is checked by those rules alone instead of
 * failing the form.
 */

const loaders: Readonly<Record<string, (() => Promise<CompiledValidateFunction>) | undefined>> =
  validatorLoaders;
const loaded = new Map<string, CompiledValidateFunction>();

/**
 * Each validator's one load, marked the way React's use() reads a promise (ReactPromise): once
 * fulfilled, a component that asks for it renders at once instead of suspending for a tick.
 */
const loading = new Map<string, ReactPromise<void>>();
const nothingToLoad: ReactPromise<void> = Object.assign(Promise.resolve(), {
  status: 'fulfilled' as const,
  value: undefined,
});

const acceptsAnything: CompiledValidateFunction = Object.assign(() => true, { errors: null });

/** Whether the build compiled a validator for this schema. */
export function hasPrecompiledValidator(schema: object): boolean {
  return loaders[withSchemaId(schema).$id] !== undefined;
}

/** The one load of a validator, started on first request and kept (the same promise for all). */
function loadKey(key: string): ReactPromise<void> {
  const load = loaders[key];
  if (!load) return nothingToLoad;
  const known = loading.get(key);
  if (known) return known;
  const started = load().then((validate) => {
    loaded.set(key, validate);
  });
  started.then(
    () => Object.assign(started, { status: 'fulfilled', value: undefined }),
    (reason: unknown) => Object.assign(started, { status: 'rejected', reason }),
  );
  const tracked: ReactPromise<void> = Object.assign(started, { status: 'pending' as const });
  loading.set(key, tracked);
  return tracked;
}

/**
 * Fetches the validator of this schema (once; the same promise to every caller). Resolves at once
 * for a schema the build has no validator for.
 */
export function loadPrecompiledValidator(schema: object): PromiseLike<void> {
  return loadKey(withSchemaId(schema).$id);
}

/** Fetches every validator the build made: for stories and tests that render any form at once. */
export async function loadAllPrecompiledValidators(): Promise<void> {
  await Promise.all(Object.keys(loaders).map(loadKey));
}

/**
 * The form's schema with its validator key, and the validator for it, once the validator's chunk
 * is here: the component suspends until then (never, where loadPrecompiledValidator ran first).
 * Pass both to the form: the validator checks that the form's schema is the one it was made for.
 * `schema` should keep its identity from render to render (memoise it).
 */
export function usePrecompiledValidator<
  T = unknown,
  S extends StrictRJSFSchema = RJSFSchema,
  F extends FormContextType = FormContextType,
>(schema: S): { schema: S & { $id: string }; validator: ValidatorType<T, S, F> } {
  const key = useMemo(() => withSchemaId(schema).$id, [schema]);
  // Always asked (React wants the same use() calls on every render); answered at once once loaded.
  use(loadKey(key));
  return useMemo(() => precompiledValidator<T, S, F>(schema), [schema]);
}

/**
 * The form's schema with its validator key, and the validator for it, if it is loaded
 * (loadPrecompiledValidator); otherwise a validator that checks nothing but the form's own rules.
 */
export function precompiledValidator<
  T = unknown,
  S extends StrictRJSFSchema = RJSFSchema,
  F extends FormContextType = FormContextType,
>(schema: S): { schema: S & { $id: string }; validator: ValidatorType<T, S, F> } {
  const keyed = withSchemaId(schema);
  const validate = loaded.get(keyed.$id);
  if (!validate && import.meta.env.DEV) {
    console.warn(
      loaders[keyed.$id]
        ? `The validator of form schema ${keyed.$id} is not loaded yet; only the form's own rules apply.`
        : `No precompiled validator for form schema ${keyed.$id}; only the form's own rules apply.`,
    );
  }
  const functions = { [keyed.$id]: validate ?? acceptsAnything };
  return { schema: keyed, validator: createPrecompiledValidator<T, S, F>(functions, keyed) };
}
