import type {
  Experiment,
  Page,
  PartnerConfig,
  Block,
  Variant,
} from '../../../src/config/generated/partner.ts';
import type { Json, JsonObject } from './json.ts';

/**
 * The partner file's types as the studio edits them, derived from the types generated from the
 * schema (src/config/generated/partner.ts, `npm run schemas:types`). A draft is the file half way
 * through an edit, so three of the schema's rules are the checker's to enforce, not the type's:
 * a setting a person types may be empty for a moment, a list may be empty (a page whose last block
 * was removed), and a block's settings are whatever its form holds. Being object types rather
 * than interfaces, drafts are also plain JSON, so the diff, the merge and the history take them as
 * they are.
 */
export type Editable<T> = T extends Block
  ? BlockDraft
  : T extends readonly (infer Item)[]
    ? Editable<Item>[]
    : T extends object
      ? EditableObject<T>
      : unknown extends T
        ? Json
        : T;

type Leaf = string | number | boolean | null;

/** An object of the file: its typed-in values may be missing for a moment, its parts are there. */
type EditableObject<T> = {
  [K in keyof T as NonNullable<T[K]> extends Leaf ? K : never]?: T[K];
} & {
  [K in keyof T as NonNullable<T[K]> extends Leaf ? never : K]: Editable<T[K]>;
};

/** The block types the schema knows ("hero", "faq", ...). */
export type BlockType = Block['type'];

/** A block: the studio names and places it; its settings are its form's until the checker passes them. */
export type BlockDraft = { id: Block['id']; type: BlockType; props: JsonObject };

export type PartnerDraft = Editable<PartnerConfig>;
export type PageDraft = Editable<Page>;
export type ExperimentDraft = Editable<Experiment>;
export type VariantDraft = Editable<Variant>;
