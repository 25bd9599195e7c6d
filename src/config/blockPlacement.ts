import partnerSchema from '../../schemas/partner.schema.json' with { type: 'json' };
import { placementRefusalIn } from './blockAnnotations.ts';

/**
 * Which page a block may go on, as its props schema says ("x-placement", see blockAnnotations.ts):
 * one rule for the partner check (its sentence, at the section's type) and the studio's block
 * library (which offers a block only where it may go).
 */
export function placementRefusal(type: string, pageKey: string): string | undefined {
  return placementRefusalIn(partnerSchema.$defs, type, pageKey);
}
