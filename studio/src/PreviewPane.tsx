import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { journeyPageNames } from '../../stories/support/journeyPages.ts';
import { pageLabel } from './BlocksPanel.tsx';
import { pagesOf } from './blocks.ts';
import { humanize, type JsonObject } from './schema.ts';
import type { PreviewMessage } from './preview/messages.ts';

/** The three widths every partner page is checked at (the visual tests use the same). */
const widths = [
  { width: 375, name: 'Phone' },
  { width: 1024, name: 'Tablet' },
  { width: 1440, name: 'Desktop' },
];
const gap = 16;

/**
 * The draft as visitors will see it: one frame per width, each at its true width (so the page's
 * own media queries apply) and scaled down together to fit beside the editor. The frames render
 * the real pages (studio/src/preview) and get every change by postMessage, a moment after typing.
 */
export function PreviewPane({ partner, editedPage }: { partner: JsonObject; editedPage: string }) {
  const [page, setPage] = useState<string>();
  const shown = page ?? (editedPage === 'claimOffer' ? 'journey:ClaimOffer' : editedPage);
  const frames = useRef<(HTMLIFrameElement | null)[]>([]);
  const box = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(0.25);
  // Frames fill the window's height once scaled: the taller the window, the more page shows.
  const [visibleHeight, setVisibleHeight] = useState(600);
  const frameHeight = Math.round(visibleHeight / scale);
  const latest = useRef<PreviewMessage>({ kind: 'partner-studio-preview', partner, page: shown });
  useLayoutEffect(() => {
    latest.current = { kind: 'partner-studio-preview', partner, page: shown };
  }, [partner, shown]);

  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const total = widths.reduce((sum, w) => sum + w.width, 0) + gap * (widths.length - 1);
    const observer = new ResizeObserver(() => {
      setScale(element.clientWidth / total);
      setVisibleHeight(Math.max(400, window.innerHeight - 200));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // A frame that (re)loads asks for the draft; every frame gets each change after a short pause.
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      if ((event.data as { kind?: unknown } | null)?.kind !== 'partner-studio-preview-ready')
        return;
      const frame = frames.current.find((f) => f?.contentWindow === event.source);
      frame?.contentWindow?.postMessage(latest.current, window.location.origin);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
  useEffect(() => {
    const timer = setTimeout(() => {
      for (const frame of frames.current) {
        frame?.contentWindow?.postMessage(latest.current, window.location.origin);
      }
    }, 150);
    return () => clearTimeout(timer);
  }, [partner, shown]);

  const options = [
    ...Object.keys(pagesOf(partner))
      .filter((key) => key !== 'claimOffer')
      .map((key) => ({ value: key, label: pageLabel(key, partner) })),
    ...journeyPageNames.map((name) => ({
      value: `journey:${name}`,
      label: `Offer journey: ${humanize(name)}`,
    })),
  ];

  return (
    <section className="studio-preview" aria-labelledby="preview-heading">
      <div className="studio-preview-bar">
        <h2 id="preview-heading">Live preview</h2>
        <label htmlFor="preview-page">Show</label>
        <select id="preview-page" value={shown} onChange={(event) => setPage(event.target.value)}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        {page !== undefined && (
          <button
            type="button"
            className="studio-button studio-button-small"
            onClick={() => setPage(undefined)}
          >
            Follow the page I edit
          </button>
        )}
      </div>
      <div ref={box} className="studio-frames" style={{ height: visibleHeight + 32 }}>
        {widths.map(({ width, name }, index) => (
          <figure key={width} className="studio-frame" style={{ width: width * scale }}>
            <figcaption>
              {name} · {width} px
            </figcaption>
            <iframe
              ref={(element) => {
                frames.current[index] = element;
              }}
              title={`Preview at ${width} pixels wide (${name.toLowerCase()})`}
              src="/preview.html"
              width={width}
              height={frameHeight}
              tabIndex={-1}
              style={{ transform: `scale(${scale})`, transformOrigin: '0 0' }}
            />
          </figure>
        ))}
      </div>
    </section>
  );
}
