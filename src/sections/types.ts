import type { ComponentType } from 'react';
import type { LandingSection, PartnerConfig } from '../config/generated/partner.ts';
import type { SiteConfig } from '../config/generated/site.ts';
import type { SectionType } from './sectionTypes.ts';

/** The entry of the partner's section list for one section type. */
export type SectionOf<T extends SectionType> = LandingSection & { type: T };

export interface SectionProps<T extends SectionType> {
  partner: PartnerConfig;
  site: SiteConfig;
  section: SectionOf<T>;
}

export type SectionComponent<T extends SectionType> = ComponentType<SectionProps<T>>;

/** Every registered type must have a component: the compiler enforces it through this map type. */
export type SectionRegistry = { [T in SectionType]: SectionComponent<T> };
