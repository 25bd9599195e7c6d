import { readdirSync, readFileSync } from 'node:fs';
import type { FormFieldDefinition, PartnerConfig } from '../../src/config/generated/partner.ts';

/** The real partner files, read straight from /partners. */
const partnersDir = new URL('../../partners/', import.meta.url);

export function loadPartners(): PartnerConfig[] {
  return readdirSync(partnersDir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => JSON.parse(readFileSync(new URL(file, partnersDir), 'utf8')) as PartnerConfig);
}

export function loadPartner(id: string): PartnerConfig {
  const partner = loadPartners().find((candidate) => candidate.id === id);
  if (!partner) throw new Error(`no partner file for ${id}`);
  return partner;
}

export function fieldNamed(partner: PartnerConfig, name: string): FormFieldDefinition {
  const field = partner.form.fields.find((candidate) => candidate.name === name);
  if (!field) throw new Error(`${partner.id} has no field ${name}`);
  return field;
}
