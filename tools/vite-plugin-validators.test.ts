import { validatorLoaders } from 'virtual:form-validators';
import { describe, expect, it, vi } from 'vitest';
import { homeProfileFormSchemas } from '../src/forms/homeProfile/homeProfileForm.ts';
import { RESEND_LINK_FIELDS } from '../src/forms/resendLink/resendLinkForm.ts';
import { fieldsToSchema } from '../src/forms/signup/fieldsToSchema.ts';
import {
  hasPrecompiledValidator,
  precompiledValidator,
} from '../src/forms/validation/precompiled.ts';
import { schemaId } from '../src/forms/validation/schemaId.ts';
import { compileValidatorModule, formSchemas, validatorsPlugin } from './vite-plugin-validators.ts';
import { loadPartners } from '../tests/support/partners.ts';

const root = new URL('..', import.meta.url).pathname;

describe('precompiled form validators (tools/vite-plugin-validators.ts)', () => {
  it("has one for every partner file's signup form and for the home-profile form", () => {
    for (const partner of loadPartners()) {
      expect(hasPrecompiledValidator(fieldsToSchema(partner.form.fields).schema), partner.id).toBe(
        true,
      );
    }
    expect(hasPrecompiledValidator(homeProfileFormSchemas().schema)).toBe(true);
    expect(hasPrecompiledValidator(fieldsToSchema(RESEND_LINK_FIELDS).schema)).toBe(true);
    expect(Object.keys(validatorLoaders).sort()).toEqual(
      formSchemas({ root })
        .map((entry) => entry.schema.$id)
        .sort(),
    );
  });

  it('names a loader per form in its index module, each validator a module of its own', async () => {
    const plugin = validatorsPlugin(root);
    const resolve = plugin.resolveId as (id: string) => string | undefined;
    const load = plugin.load as (id: string) => string | undefined;
    const index = load(resolve('virtual:form-validators')!)!;
    const keys = formSchemas({ root }).map((entry) => entry.schema.$id);
    for (const key of keys) {
      expect(index).toContain(`import("virtual:form-validators/${key}")`);
      expect(load(resolve(`virtual:form-validators/${key}`)!)).toContain(`export const ${key} =`);
    }
    // Only loaders: no other form's schema (labels, options) in the module every form imports.
    expect(index).not.toMatch(/validate\d|"title"/);
  });

  it('compiles to plain code: no eval, no new Function, no ajv at run time', () => {
    for (const { schema } of formSchemas({ root })) {
      const code = compileValidatorModule(schema);
      expect(code).toContain(`export const ${schema.$id} =`);
      expect(code).not.toMatch(/\beval\(|new Function|require\(|from ["']ajv/);
    }
  });

  it("loads each form's validator on its own, then checks the structure: select values from their options", async () => {
    const lowes = loadPartners().find((partner) => partner.id === 'lowes')!;
    const lowesSchema = fieldsToSchema(lowes.form.fields).schema;
    // A fresh copy of the module, whatever other files in this worker loaded before (the unit
    // project shares its modules between files: vitest.config.ts, isolate).
    vi.resetModules();
    const fresh = await import('../src/forms/validation/precompiled.ts');
    // Not loaded yet: only the form's own rules apply, so the schema check lets anything through.
    const before = fresh.precompiledValidator(lowesSchema);
    expect(
      before.validator.validateFormData(
        { email: 'pat@example.com', describeHome: 'x' },
        before.schema,
      ).errors,
    ).toEqual([]);
    await fresh.loadPrecompiledValidator(lowesSchema);
    const { schema, validator } = fresh.precompiledValidator(lowesSchema);
    const valid = validator.validateFormData(
      { email: 'pat@example.com', describeHome: 'resident' },
      schema,
    );
    expect(valid.errors).toEqual([]);
    const invalid = validator.validateFormData(
      { email: 'pat@example.com', describeHome: 'x' },
      schema,
    );
    expect(invalid.errors.map((error) => error.name)).toEqual(['enum']);
  });

  it('keys a schema by what validation depends on, not by its texts', () => {
    const { schema } = fieldsToSchema(loadPartners()[0]!.form.fields);
    const retitled = JSON.parse(JSON.stringify(schema).replace(/"title":"[^"]*"/g, '"title":"X"'));
    expect(schemaId(retitled)).toBe(schemaId(schema));
    expect(schemaId({ ...schema, required: [] })).not.toBe(schemaId(schema));
    expect(schemaId(schema)).toMatch(/^v_[0-9a-f]{16}$/);
  });

  it('still validates with the form rules alone a schema no partner file has (stories, tests)', () => {
    const { schema, validator } = precompiledValidator({
      type: 'object',
      properties: { nickname: { type: 'string' } },
    });
    expect(validator.validateFormData({ nickname: 'x' }, schema).errors).toEqual([]);
  });
});
