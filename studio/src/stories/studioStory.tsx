import type { Decorator } from '@storybook/react-vite';
import { partners } from '../../../src/config/partners.ts';
import type { PartnerDraft } from '../schema/partnerTypes.ts';
import '../studio.css';

/**
 * What the studio's stories share: a partner as the editor holds it (a deep copy, so a story's
 * edits never reach another's), and the studio's page around the story. The studio's own look
 * lives on `.studio-editor` (studio.css); the page background is the shell's (shell.css), which
 * stories do not load, as the site's stories share their page with these.
 */
export function draftOf(id: string): PartnerDraft {
  const found = partners.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no partner ${id}`);
  return JSON.parse(JSON.stringify(found)) as PartnerDraft;
}

export const inStudio: Decorator = (Story) => (
  <main
    className="studio-editor"
    style={{ background: 'var(--studio-page)', padding: '1.5rem', minHeight: '100vh' }}
  >
    <Story />
  </main>
);
