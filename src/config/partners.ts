import { partners, site } from 'virtual:partners';
import { createPartnerDirectory } from './resolvePartner.ts';

/** The checked partner files of this build, and the site-wide settings. */
export const partnerDirectory = createPartnerDirectory(partners);
export { partners, site };
