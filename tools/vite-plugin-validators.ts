import { relative } from 'node:path';
import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/compileSchemaValidators';
import type { Plugin, ViteDevServer } from 'vite';
import { configLocation, loadConfig, type ConfigLocation } from '../src/config/node/loadConfig.ts';
import { homeProfileFormSchemas } from '../src/forms/homeProfile/homeProfileForm.ts';
import { RESEND_LINK_FIELDS } from '../src/forms/resendLink/resendLinkForm.ts';
import { fieldsToSchema } from '../src/forms/signup/fieldsToSchema.ts';
import { withSchemaId } from '../src/forms/validation/schemaId.ts';

/**
 * Serves `virtual:form-validators`: the rjsf validators of every form the site renders, compiled
 * to plain JavaScript here in Node (ajv's standalone code), so ajv and its run-time code
 * generation never reach the browser. One validator per distinct schema: each partner file's
 * signup form (a new partner file gets its validator with no code change), the home-profile
 * form and the "send me my link again" form. Each is its own module, `virtual:form-validators/<key>`, and so its own chunk, which the
 * index module only names a loader for: a page fetches its own form's validator and nothing of the
 * other partners' forms (their labels are in their validators). In the dev server the modules are
 * rebuilt when a partner file changes.
 */
const virtualId = 'virtual:form-validators';
const resolvedId = `\0${virtualId}`;
const publicSchemaPrefix = `${virtualId}/`;
const schemaPrefix = `${resolvedId}/`;

export interface FormSchemaEntry {
  /** Where the schema comes from, for messages: "partners/demo.json", "home profile". */
  source: string;
  schema: object & { $id: string };
}

/** Every form schema of the site, keyed, without duplicates (partners may share one). */
export function formSchemas(location: ConfigLocation): FormSchemaEntry[] {
  const { partners } = loadConfig(location);
  const entries: FormSchemaEntry[] = [
    ...partners.map((partner) => ({
      source: `partners/${partner.id}.json`,
      schema: withSchemaId(fieldsToSchema(partner.form.fields).schema),
    })),
    { source: 'home profile', schema: withSchemaId(homeProfileFormSchemas().schema) },
    {
      source: 'send me my link again',
      schema: withSchemaId(fieldsToSchema(RESEND_LINK_FIELDS).schema),
    },
  ];
  const seen = new Set<string>();
  return entries.filter(({ schema }) => !seen.has(schema.$id) && Boolean(seen.add(schema.$id)));
}

/** ESM code exporting `<key>`: the validator of one schema, with no run-time dependencies. */
export function compileValidatorModule(schema: object & { $id: string }): string {
  return compileSchemaValidatorsCode(schema, {
    ajvOptionsOverrides: { code: { esm: true, lines: false } },
  });
}

export function validatorsPlugin(
  root: string,
  override: Omit<ConfigLocation, 'root'> = {},
): Plugin {
  const location = { ...configLocation(root), ...override };
  let server: ViteDevServer | undefined;

  function schemasById() {
    return new Map(formSchemas(location).map((entry) => [entry.schema.$id, entry.schema]));
  }

  function invalidate(file: string) {
    if (!server) return;
    const path = relative(location.partnersDir, file);
    if (path.startsWith('..') || !path.endsWith('.json')) return;
    for (const module of server.moduleGraph.idToModuleMap.values()) {
      if (module.id?.startsWith(resolvedId)) server.moduleGraph.invalidateModule(module);
    }
  }

  return {
    name: 'homesafe:form-validators',
    configureServer(devServer) {
      server = devServer;
      for (const event of ['add', 'change', 'unlink'] as const)
        devServer.watcher.on(event, invalidate);
    },
    resolveId(id) {
      if (id === virtualId) return resolvedId;
      if (id.startsWith(publicSchemaPrefix)) return `\0${id}`;
      if (id.startsWith(schemaPrefix)) return id;
      return undefined;
    },
    load(id) {
      if (id === resolvedId) {
        const loaders = [...schemasById().keys()].map(
          (key) =>
            `  ${key}: () => import(${JSON.stringify(publicSchemaPrefix + key)}).then((module) => module.${key}),`,
        );
        return ['export const validatorLoaders = {', ...loaders, '};'].join('\n');
      }
      if (id.startsWith(schemaPrefix)) {
        const schema = schemasById().get(id.slice(schemaPrefix.length));
        if (!schema)
          throw new Error(`No form schema with the key ${id.slice(schemaPrefix.length)}`);
        return compileValidatorModule(schema);
      }
      return undefined;
    },
  };
}
