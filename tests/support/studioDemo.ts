import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { Page } from '../../src/config/generated/partner.ts';
import { createWorkspace, type Workspace } from '../../studio/server/workspace.ts';
import type { PartnerDraft } from '../../studio/src/schema/partnerTypes.ts';
import { copyProject } from './projectCopy.ts';

/**
 * The studio's draft edits tested on the demo partner, in a copy of the project: a fresh demo
 * draft, its landing page, and the checker's sentences for a draft (as the studio shows them).
 * Call at the top of a test file: it copies the project before the file's tests and removes it
 * after them.
 */
export function studioDemo() {
  let project: ReturnType<typeof copyProject> | undefined;
  let workspace: Workspace | undefined;
  beforeAll(() => {
    project = copyProject();
    workspace = createWorkspace(project.root);
  });
  afterAll(() => project?.remove());
  const ready = () => {
    if (!project || !workspace) throw new Error('studioDemo() is used before its beforeAll ran');
    return { project, workspace };
  };
  return {
    workspace: () => ready().workspace,
    demo: () =>
      JSON.parse(
        readFileSync(join(ready().project.root, 'partners/demo.json'), 'utf8'),
      ) as PartnerDraft,
    landing: (partner: PartnerDraft) => (partner.pages as unknown as { landing: Page }).landing,
    messages: (partner: PartnerDraft) =>
      ready()
        .workspace.check('demo', partner)
        .map((problem) => problem.message),
  };
}
