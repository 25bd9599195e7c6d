import partnerSchema from '../../../schemas/partner.schema.json' with { type: 'json' };

/**
 * The partner schema's own limits and patterns (schemas/partner.schema.json), for the studio's
 * quick checks as a person types: read from the schema, so they can never say yes where the
 * checker says no. Compiled with the `u` flag, as the checker's validator (ajv) compiles them.
 */
const pattern = (source: string) => new RegExp(source, 'u');

/** A partner's id, which is also its file name and its address (/{id}). */
export const partnerIdPattern = pattern(partnerSchema.properties.id.pattern);

/** A page's key in the file ("springOffer"). */
export const pageKeyPattern = pattern(partnerSchema.properties.pages.propertyNames.pattern);

/** A campaign page's address after the partner's ("spring-offer"). */
export const slugPattern = pattern(partnerSchema.$defs.page.properties.slug.pattern);

/** A variant's id ("short-hero"). */
export const variantIdPattern = pattern(partnerSchema.$defs.variant.properties.id.pattern);

/** A colour as the file writes it ("#2F3437"). */
export const colorPattern = pattern(partnerSchema.$defs.color.pattern);

/** How many variants a page's A/B test may have. */
export const maxVariants: number = partnerSchema.$defs.experiment.properties.variants.maxItems;
