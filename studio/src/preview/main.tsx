import {
  Component,
  StrictMode,
  Suspense,
  startTransition,
  useEffect,
  useState,
  type ReactNode,
} from 'react';
import { createRoot } from 'react-dom/client';
import type { PartnerConfig } from '../../../src/config/generated/partner.ts';
import { site } from '../../../src/config/partners.ts';
import { partnerAsShown } from '../../../src/config/partnerAsShown.ts';
import { LandingPage } from '../../../src/pages/Landing/LandingPage.tsx';
import { PageBlocks } from '../../../src/blocks/BlockRenderer.tsx';
import { preloadBlocks } from '../../../src/blocks/registry.ts';
import { SignupHandlerContext } from '../../../src/blocks/signupHandler.ts';
import { PartnerJourneyPage } from '../../../src/preview/PartnerJourneyPage.tsx';
import { journeyPages, type JourneyPage } from '../../../src/preview/journeyPages.ts';
import { PreviewProviders } from '../../../src/preview/PreviewProviders.tsx';
import { isPreviewMessage, type PreviewMessage } from './messages.ts';
import { partnerInLanguage } from '../../../src/config/translations.ts';
import { LanguageProvider } from '../../../src/i18n/languageContext.tsx';
import { defaultLanguage, isLanguage } from '../../../src/i18n/languages.ts';
import { shellWords } from '../../../src/i18n/areas/shell.ts';
import { useText } from '../../../src/i18n/words.ts';
import '../../../src/styles/global.css';

/**
 * One preview frame: the real pages and sections (the same components the site renders), for the
 * draft partner the editor sends by postMessage. The frame's own width is the visitor's screen
 * width, so every media query applies as on a phone, a tablet or a desktop.
 */

/** Shows a note while the draft cannot render, and tries again with the next draft. */
class PreviewBoundary extends Component<
  { version: number; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidUpdate(previous: { version: number }) {
    if (this.state.failed && previous.version !== this.props.version) {
      this.setState({ failed: false });
    }
  }
  override render() {
    if (this.state.failed) {
      return (
        <p className="studio-preview-note">
          The preview cannot show this draft yet. Fix the problems listed in the editor and it comes
          back.
        </p>
      );
    }
    return this.props.children;
  }
}

function PreviewPage({ message }: { message: PreviewMessage }) {
  // The draft as the site shows it: cleaned, the A/B test version chosen (the claim-offer
  // journey's pages show a version of the claim-offer page), URL-driven copy at its defaults.
  const versionOf = message.page.startsWith('journey:ClaimOffer') ? 'claimOffer' : message.page;
  // The draft as the editor's forms hold it; one that cannot render yet meets PreviewBoundary.
  const draft = message.partner as Partial<PartnerConfig> as PartnerConfig;
  // In the frame's language first (its variants' texts too), then the version asked for.
  const language = isLanguage(message.language) ? message.language : defaultLanguage;
  const partner = partnerAsShown(partnerInLanguage(draft, language), {
    page: versionOf,
    version: message.version,
  });
  return (
    <LanguageProvider value={language}>
      <PreviewContent message={message} partner={partner} />
    </LanguageProvider>
  );
}

/** The page the message asks for, of the partner as shown. */
function PreviewContent({ message, partner }: { message: PreviewMessage; partner: PartnerConfig }) {
  const skipLink = useText(shellWords);
  if (message.page.startsWith('journey:')) {
    const page = message.page.slice('journey:'.length) as JourneyPage;
    if (!(page in journeyPages)) return null;
    return <PartnerJourneyPage key={page} partner={partner} page={page} />;
  }
  const page = message.page === 'landing' ? undefined : partner.pages[message.page];
  return (
    <PreviewProviders partner={partner}>
      <a className="skip-link" href="#main">
        {skipLink('skipLink')}
      </a>
      {page ? (
        <SignupHandlerContext.Provider value={async () => undefined}>
          <PageBlocks page={page} partner={partner} site={site} />
        </SignupHandlerContext.Provider>
      ) : (
        <LandingPage />
      )}
    </PreviewProviders>
  );
}

function Preview() {
  const [message, setMessage] = useState<PreviewMessage>();
  const [version, setVersion] = useState(0);
  useEffect(() => {
    // Drafts come faster than a slow phone-sized frame draws a whole page (a keystroke each, on a
    // busy machine): only the newest is drawn, and as a transition, so React drops a draw that a
    // newer draft makes stale instead of drawing every keystroke in turn, seconds behind.
    let received = 0;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || !isPreviewMessage(event.data)) return;
      const next = event.data;
      const order = ++received;
      type WithBlocks = { sections?: { type?: unknown }[] };
      const pages = Object.values(
        (next.partner.pages ?? {}) as Record<
          string,
          WithBlocks & { experiment?: { variants?: WithBlocks[] } }
        >,
      );
      // A variant with its own sections may use blocks its page does not.
      const types = pages
        .flatMap((page) => [page, ...(page.experiment?.variants ?? [])])
        .flatMap((list) => (list.sections ?? []).map((section) => String(section.type)));
      // Blocks load before the page renders, as on the site; an unknown type is left to the boundary.
      preloadBlocks(types.filter((type) => type !== 'offer'))
        .catch(() => undefined)
        .finally(() => {
          // A newer draft came while this one's blocks loaded: it is drawn instead.
          if (order !== received) return;
          startTransition(() => {
            setMessage(next);
            setVersion((current) => current + 1);
          });
        });
    };
    window.addEventListener('message', onMessage);
    window.parent.postMessage({ kind: 'partner-studio-preview-ready' }, window.location.origin);
    return () => window.removeEventListener('message', onMessage);
  }, []);
  // The block being edited comes into view when it changes (not on every keystroke's redraw).
  const block = message?.block;
  useEffect(() => {
    if (!block) return;
    const frame = requestAnimationFrame(() => {
      const wrapper = document.querySelector(
        `[data-island="${CSS.escape(block)}"], [data-static-block="${CSS.escape(block)}"]`,
      );
      // The wrappers take no box (display: contents): their block does.
      const target = document.getElementById(block) ?? wrapper?.firstElementChild;
      // The frame's own window only: scrollIntoView would scroll the studio around the frame too
      // (its pane, the frame's box), hiding the frame's caption and clipping its top.
      if (target) window.scrollTo({ top: target.getBoundingClientRect().top + window.scrollY });
    });
    return () => cancelAnimationFrame(frame);
  }, [block]);
  if (!message) return <p className="studio-preview-note">Loading the preview…</p>;
  return (
    <PreviewBoundary version={version}>
      <Suspense fallback={null}>
        <PreviewPage message={message} />
      </Suspense>
    </PreviewBoundary>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('preview.html needs a #root element');
createRoot(root).render(
  <StrictMode>
    <Preview />
  </StrictMode>,
);
