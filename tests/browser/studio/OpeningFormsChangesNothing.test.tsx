import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import '../../../studio/src/studio.css';
import { BlockList } from '../../../studio/src/blocks/BlockList.tsx';
import { blocksOf } from '../../../studio/src/blocks/blocks.ts';
import type { Json } from '../../../studio/src/schema/json.ts';
import { isPartnerDraft } from '../../../studio/src/schema/partnerDraft.ts';
import type { PartnerDraft, BlockDraft } from '../../../studio/src/schema/partnerTypes.ts';
import showcase from '../../../partners/showcase.json';
import { frames } from '../support/frames.ts';
import { cleanup, mount } from '../support/render.tsx';

/*
 * Opening a block's form changes nothing in it. rjsf fills defaults into settings a file leaves
 * out (an image-text block got a button, an offer's "includedItems" became [null], which the
 * checker refuses), so merely looking at a block once made the draft "unsaved". The studio's
 * block list is drawn as the editor draws it, for every page of the showcase (which holds every
 * block type, twice), each block opened in turn; whatever the forms hand back must be the file as
 * it was, compared as the editor compares drafts (their JSON text).
 */
afterEach(cleanup);

function showcasePartner(): PartnerDraft {
  const parsed = JSON.parse(JSON.stringify(showcase)) as Json;
  if (!isPartnerDraft(parsed))
    throw new Error('partners/showcase.json is not a whole partner file');
  return parsed;
}
const partner = showcasePartner();

/** The page's block list, with the block `open` opened; every list it hands back is kept. */
function Page({
  pageKey,
  open,
  handed,
}: {
  pageKey: string;
  open: string;
  handed: BlockDraft[][];
}) {
  const [sections, setBlocks] = useState(() => blocksOf(partner, pageKey));
  return (
    <BlockList
      partner={partner}
      pageKey={pageKey}
      sections={sections}
      onBlocks={(next) => {
        handed.push(next);
        setBlocks(next);
      }}
      pointer={`/pages/${pageKey}/sections`}
      problems={[]}
      context={{ images: [] }}
      formIdOf={(index) => `page-${pageKey}_sections_${index}_props`}
      heading="Blocks"
      level={3}
      expanded={open}
      onExpand={() => undefined}
      onStatus={() => undefined}
    />
  );
}

const pageKeys = Object.keys(partner.pages);

describe('the studio’s block forms', () => {
  it('covers every page of the showcase, extra campaign pages too', () => {
    expect(pageKeys).toEqual(expect.arrayContaining(['landing', 'claimOffer', 'springOffer']));
  });

  it.each(pageKeys)(
    'open every block of the showcase’s %s page with the file as it was',
    async (pageKey) => {
      const original = blocksOf(partner, pageKey);
      expect(original.length).toBeGreaterThan(0);
      for (const section of original) {
        const handed: BlockDraft[][] = [];
        const root = mount(<Page pageKey={pageKey} open={section.id} handed={handed} />);
        // The form is drawn, and hands its first state over in an effect: two frames later.
        await expect
          .poll(() => root.querySelector(`[data-block-id="${section.id}"] form`))
          .not.toBeNull();
        await frames(2);
        for (const list of handed) {
          expect(JSON.stringify(list), `opening ${section.type} (${section.id})`).toBe(
            JSON.stringify(original),
          );
        }
        cleanup();
      }
    },
  );
});
