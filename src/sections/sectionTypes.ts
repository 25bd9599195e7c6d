/**
 * The section types a partner's landing page may list. The registry (registry.tsx) must give each a
 * component, and a unit test keeps this list equal to the schema's section types.
 */
export const sectionTypes = [
  'hero',
  'eachAssessment',
  'howItWorks',
  'retailer',
  'testimonials',
  'getTheScan',
  'footer',
] as const;

export type SectionType = (typeof sectionTypes)[number];

export function isSectionType(value: unknown): value is SectionType {
  return typeof value === 'string' && (sectionTypes as readonly string[]).includes(value);
}
