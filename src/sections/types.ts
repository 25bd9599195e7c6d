import type { ComponentType } from 'react';
import type { Page, PartnerConfig, Section } from '../config/generated/partner.ts';
import type { SiteConfig } from '../config/generated/site.ts';

/** The section types the assembled partner schema knows (one per folder with a *.schema.json). */
export type SectionType = Section['type'];

/** One entry of a page's section list, for one section type: { id, type, props }. */
export type SectionOf<T extends SectionType> = Extract<Section, { type: T }>;

export interface SectionProps<T extends SectionType> {
  section: SectionOf<T>;
  /** The page the section is on (a hero finds the page's signup form through it). */
  page: Page;
  partner: PartnerConfig;
  site: SiteConfig;
}

export type SectionComponent<T extends SectionType> = ComponentType<SectionProps<T>>;

/**
 * How a block reaches the browser, declared by its folder's island.ts. "static": nothing in it
 * reacts to the visitor (text, pictures, plain links), so a prerendered page keeps its HTML and
 * never downloads or hydrates its code. "interactive": hydrated, with its code.
 */
export type Island = 'static' | 'interactive';
