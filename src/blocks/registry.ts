import type { BlockDefinition, Island, BlockComponent, BlockType } from './types.ts';

/**
 * Block type -> component, found by convention: the folder src/blocks/EachAssessment/ holds the
 * block "eachAssessment" (its index.ts exports the component as default, its
 * eachAssessment.schema.json the props). Adding a block means adding one folder; a unit test
 * keeps the folders, the schema and this registry in step.
 *
 * Each block is its own chunk, fetched only by pages that use it: the prerender, stories and tests
 * load them all first (preloadBlocks) and render synchronously; the browser never fetches a
 * prerendered static block's code, and an interactive block's once it nears the viewport
 * (islands.ts); on a page it renders itself, a block suspends until its chunk is here.
 */
type BlockModule = { default: BlockComponent<BlockType> };

const modules = import.meta.glob<BlockModule>('./*/index.ts');
/** Each folder's block.ts: a few words of data per block, in the registry's own chunk. */
const blockFiles = import.meta.glob<BlockDefinition>('./*/block.ts', {
  eager: true,
  import: 'block',
});

/** "./EachAssessment/index.ts" -> "eachAssessment": a block's type is its folder's name. */
export const typeOfFolder = (path: string): string => {
  const folder = path.split('/')[1] ?? '';
  return folder.charAt(0).toLowerCase() + folder.slice(1);
};

const loaders = new Map(Object.entries(modules).map(([path, load]) => [typeOfFolder(path), load]));
const definitions = new Map(
  Object.entries(blockFiles).map(([path, block]) => [typeOfFolder(path), block]),
);
const loaded = new Map<string, BlockComponent<BlockType>>();
const loading = new Map<string, Promise<BlockComponent<BlockType>>>();

/** Every block type that has a component folder, sorted. */
export const registeredBlockTypes: readonly string[] = [...loaders.keys()].sort();

/** How a block reaches the browser (its folder's block.ts); undefined for a folder without one. */
export function islandOf(type: string): Island | undefined {
  return definitions.get(type)?.island;
}

/**
 * Whether a block is static (its folder's block.ts): a prerendered page keeps its HTML and never
 * loads its code (BlockRenderer.tsx). A folder without block.ts is taken as interactive.
 */
export function isStaticBlock(type: string): boolean {
  return islandOf(type) === 'static';
}

export function importBlock(type: string): Promise<BlockComponent<BlockType>> {
  const cached = loading.get(type);
  if (cached) return cached;
  const load = loaders.get(type);
  if (!load) return Promise.reject(new Error(`No block folder for the section type "${type}"`));
  const promise = load().then((module) => {
    loaded.set(type, module.default);
    return module.default;
  });
  loading.set(type, promise);
  return promise;
}

/** Loads the blocks of these types (a page's sections) so that they render at once. */
export async function preloadBlocks(types: Iterable<string>): Promise<void> {
  await Promise.all([...new Set(types)].map(importBlock));
}

/** The component of a loaded block, or undefined while it is not loaded yet. */
export function loadedBlock(type: string): BlockComponent<BlockType> | undefined {
  return loaded.get(type);
}
