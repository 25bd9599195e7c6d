import type { ComponentType } from 'react';
import type { Page, PartnerConfig, Block } from '../config/generated/partner.ts';
import type { SiteConfig } from '../config/generated/site.ts';

/** The section types the assembled partner schema knows (one per folder with a *.schema.json). */
export type BlockType = Block['type'];

/** One entry of a page's section list, for one section type: { id, type, props }. */
export type BlockOf<T extends BlockType> = Extract<Block, { type: T }>;

export interface BlockProps<T extends BlockType> {
  section: BlockOf<T>;
  /** The page the section is on (a hero finds the page's signup form through it). */
  page: Page;
  partner: PartnerConfig;
  site: SiteConfig;
}

export type BlockComponent<T extends BlockType> = ComponentType<BlockProps<T>>;

/**
 * How a block reaches the browser. "static": nothing in it reacts to the visitor (text, pictures,
 * plain links), so a prerendered page keeps its HTML and never downloads or hydrates its code.
 * "interactive": hydrated, with its code.
 */
export type Island = 'static' | 'interactive';

/**
 * What a block folder's block.ts declares: data only, read by the registry without loading the
 * component. Where a block may go and its own checks are data too, in its props schema
 * ("x-placement", "x-uniqueBy"), so the Node checker and the studio read them from the assembled
 * partner schema without importing src/blocks (docs/blocks.md).
 */
export interface BlockDefinition {
  island: Island;
}
