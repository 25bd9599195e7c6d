import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { browserCatalog, readEmbeddedPartner } from '../partner/browserCatalog.ts';
import { captureIslands } from '../blocks/islands.ts';
import { captureStaticBlocks } from '../blocks/staticBlocks.ts';
import { fromQuery } from '../config/dynamicText.ts';
import { App } from './App.tsx';

/**
 * Gets the app ready to start on `root` and returns what starts it. Partner pages are prerendered
 * at build time (tools/prerender/): React takes over their HTML instead of rendering it again. The
 * page embeds its partner and the host name it was rendered for ('' for a route page such as
 * /demo), so hydration resolves the same partner the prerender did. Every other address gets the
 * empty shell and is rendered here (its partner is fetched).
 */
export async function prepareApp(root: HTMLElement): Promise<() => void> {
  // The partner this page came with (prerendered pages embed it, or name its file when it is
  // long); others are fetched if needed.
  const embedded = await readEmbeddedPartner(document);
  const catalog = browserCatalog(embedded);
  // URL-driven copy follows the address the visitor arrived at, for the whole visit: the server
  // filled this page's HTML from the same query (server/site/pageTemplates.ts), and a later page
  // shows the same words.
  const fillText = fromQuery(window.location.search);

  if (!root.hasChildNodes()) {
    return () =>
      createRoot(root).render(
        <StrictMode>
          <App catalog={catalog} fillText={fillText} />
        </StrictMode>,
      );
  }
  // Its static blocks keep their HTML as it is (src/blocks/staticBlocks.ts) and need no code;
  // its interactive blocks keep theirs until they near the viewport (src/blocks/islands.ts).
  captureStaticBlocks(root, window.location.pathname);
  captureIslands(root, window.location.pathname);
  return () => {
    hydrateRoot(
      root,
      <StrictMode>
        <App catalog={catalog} prerenderHost={embedded?.host ?? ''} fillText={fillText} />
      </StrictMode>,
    );
  };
}
