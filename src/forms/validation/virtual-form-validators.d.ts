/* eslint-disable @typescript-eslint/consistent-type-imports -- an ambient module declaration cannot import, only import() types */
/**
 * The rjsf validators compiled at build time from every partner's signup form and the home-profile
 * form, produced by tools/vite-plugin-validators.ts: one function per distinct schema, keyed by the
 * schema's key (src/forms/validation/schemaId.ts), each in its own chunk behind a loader.
 */
declare module 'virtual:form-validators' {
  export const validatorLoaders: Readonly<
    Record<
      string,
      () => Promise<import('@rjsf/validator-ajv8/lib/types.js').CompiledValidateFunction>
    >
  >;
}
