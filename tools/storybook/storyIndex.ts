import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { toId } from 'storybook/internal/csf';
import { readCsf } from 'storybook/internal/csf-tools';
import { generatePartnerStories, type GenerateOptions } from './generatePartnerStories.ts';

/** One entry of Storybook's sidebar, as its CSF indexer reads it from a stories file. */
export interface IndexedStory {
  /** Storybook's story id, such as "partners-acme-sections--hero". */
  id: string;
  title: string;
  exportName: string;
  file: string;
}

export interface StoryIndex {
  files: number;
  stories: IndexedStory[];
}

function storyFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.stories\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/**
 * The stories Storybook lists for a project folder: the partner files' stories generated into
 * <root>/stories/generated as `storybook dev` and `build` generate them (.storybook/main.ts), then
 * every stories file under <root>/stories read by Storybook's own CSF indexer (`readCsf(...)
 * .parse()`, what Storybook does per file), without its bundling. The benchmark times it as the
 * part of Storybook's start that grows with partners; the studio test asks it for a new partner.
 */
export async function indexStories(
  root: string,
  options: GenerateOptions = {},
): Promise<StoryIndex> {
  generatePartnerStories(root, options);
  const files = storyFiles(join(root, 'stories'));
  const stories: IndexedStory[] = [];
  for (const file of files) {
    const csf = await readCsf(file, { makeTitle: (title: string) => title || file });
    for (const input of csf.parse().indexInputs) {
      if (input.type !== 'story' || !input.title) continue;
      stories.push({
        id: input.__id ?? toId(input.title, input.exportName),
        title: input.title,
        exportName: input.exportName,
        file,
      });
    }
  }
  return { files: files.length, stories };
}
