import type { SignOffShot } from './signOffShots.ts';

/**
 * The contact sheet of a sign-off folder: every picture with its name in words, grouped by page
 * and version, phone beside desktop, each version of a tested page with its share of visitors and
 * its schedule under its heading. No script, no outside file. `index.html` links the folder's
 * PNGs; the file to send (`<id>-sign-off.html`) has the pictures inside (`source` gives each
 * picture's bytes as a data address), so the partner gets one file.
 */
export interface ContactSheet {
  partnerName: string;
  /** "partners/acme.json". */
  file: string;
  /** When the pictures were taken, in words ("26 November 2026, 07:40"). */
  takenAt: string;
  shots: readonly SignOffShot[];
  /** Each picture's address: its file name beside the sheet, unless given (a data address). */
  source?: (shot: SignOffShot) => string;
}

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

const style = `
body { font: 16px/1.5 system-ui, sans-serif; color: #1f2328; background: #fff; margin: 0 auto; padding: 24px; max-width: 1800px; }
h1 { font-size: 28px; margin: 0 0 8px; }
h2 { font-size: 22px; margin: 40px 0 8px; border-top: 2px solid #d0d7de; padding-top: 16px; }
h3 { font-size: 18px; margin: 24px 0 8px; }
.versions { display: flex; gap: 24px; align-items: flex-start; flex-wrap: wrap; }
figure { margin: 0; }
figure.phone { flex: 0 0 375px; }
figure.desktop { flex: 1 1 600px; max-width: 1280px; }
figure img { display: block; width: 100%; height: auto; border: 1px solid #8c959f; }
figcaption { font-weight: 600; margin-bottom: 4px; }
.share { margin: 0 0 12px; }
a { color: #0550ae; }
a:focus-visible { outline: 3px solid #0550ae; outline-offset: 2px; }`;

/** The version's own heading under its page: the shot's label without the page and the width. */
const versionHeading = (shot: SignOffShot) =>
  shot.version === 'control' ? 'As written (control)' : `Variant “${shot.version}”`;

export function contactSheetHtml(sheet: ContactSheet): string {
  const source = sheet.source ?? ((shot: SignOffShot) => shot.file);
  const pages = [...new Set(sheet.shots.map((shot) => shot.pageLabel))];
  const body = pages
    .map((pageLabel) => {
      const ofPage = sheet.shots.filter((shot) => shot.pageLabel === pageLabel);
      const versions = [...new Set(ofPage.map((shot) => shot.version))];
      const tested = versions.length > 1;
      const groups = versions.map((version) => {
        const shots = ofPage.filter((shot) => shot.version === version);
        const figures = shots
          .map((shot) => {
            const kind = shot.width < 800 ? 'phone' : 'desktop';
            const image = `<img src="${escape(source(shot))}" alt="${escape(shot.label)}" width="${shot.width}">`;
            // Linked to the full-size file where there is one beside the sheet.
            const shown = sheet.source ? image : `<a href="${escape(shot.file)}">${image}</a>`;
            return `<figure class="${kind}"><figcaption>${escape(shot.label)}</figcaption>${shown}</figure>`;
          })
          .join('\n');
        const first = shots[0];
        const heading = tested && first ? `<h3>${escape(versionHeading(first))}</h3>\n` : '';
        const share = tested && first?.note ? `<p class="share">${escape(first.note)}</p>\n` : '';
        return `${heading}${share}<div class="versions">\n${figures}\n</div>`;
      });
      const note = tested
        ? `<p>This page runs an A/B test: ${versions.length} versions, each shown to a share of visitors.</p>\n`
        : '';
      return `<section>\n<h2>${escape(pageLabel)}</h2>\n${note}${groups.join('\n')}\n</section>`;
    })
    .join('\n');
  const count = sheet.shots.length;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(sheet.partnerName)}: pages for sign-off</title>
<style>${style}</style>
</head>
<body>
<main>
<h1>${escape(sheet.partnerName)}: pages for sign-off</h1>
<p>${count} picture${count === 1 ? '' : 's'} of the saved file ${escape(sheet.file)}, taken ${escape(sheet.takenAt)}: every page, each version of a page with an A/B test, at phone (375 px) and desktop (1280 px) width, each the whole page from top to bottom.${sheet.source ? '' : ' Select a picture to see it at full size.'}</p>
${body}
</main>
</body>
</html>
`;
}
