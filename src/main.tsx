import './styles/global.css';
import { carryAnswersOnSwitch } from './i18n/switchHandover.ts';
import { rememberThisPageVersion } from './partner/shownVersions.ts';
import { whenAppNeeded } from './app/whenAppNeeded.ts';
import { preloadStart } from './app/preloadStart.ts';
import { mayBeSuggestedLanguage } from './i18n/suggestionDue.ts';

// Script errors of this page view, for the guardrails report (src/services/vitals/ sends the count).
let errors = 0;
for (const type of ['error', 'unhandledrejection']) addEventListener(type, () => errors++);

// What a visitor types into a form goes along through the language switch, even before the form's
// own code is here (issue 37): one listener of a few hundred bytes, from the first script.
carryAnswersOnSwitch();

// The analytics events of this session say which version of a page led to them.
rememberThisPageVersion();

// What brought the visitor, and this page view's Core Web Vitals, from a chunk no page names in
// its first load, once the browser is idle; whether or not the app starts. Not for a browser
// driven by automation (lab tools, scripts).
if (!navigator.webdriver)
  (window.requestIdleCallback ?? setTimeout)(() =>
    import('./services/afterInteractive.ts').then((after) => after.afterInteractive(() => errors)),
  );

const root = document.getElementById('root');
if (!root) throw new Error('index.html needs a #root element');

// The page in the browser's language, suggested once the browser is idle, without the app: its
// note is plain DOM (src/ui/LanguageSuggestion/languageNote.ts), fetched only when it may be due.
if (mayBeSuggestedLanguage(document, navigator))
  (window.requestIdleCallback ?? setTimeout)(
    () =>
      void import('./ui/LanguageSuggestion/languageNote.ts').then((note) =>
        note.showLanguageNote(document),
      ),
  );

/** Resolves on a new task: the browser paints and answers input in between. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// A prerendered page is complete without the app: it starts when the visitor acts or an
// interactive block nears the viewport (src/app/whenAppNeeded.ts).
await whenAppNeeded(root);
const styled = preloadStart();

/*
 * The app starts in stages, each on a task of its own, while the prerendered page is already on
 * screen: React DOM (most of the code a page runs); then the app (router, state, the page's
 * components; src/app/start.tsx); then hydration. Evaluated at once they
 * were one task of about 90 ms on Lighthouse's phone (4x slower CPU), which is what Total Blocking
 * Time counts. preloadStart fetches every stage's chunks at once, so the stages cost no extra
 * round trip.
 */
await import('react-dom/client');
await nextTask();
const { prepareApp } = await import('./app/start.tsx');
const start = await prepareApp(root);
await nextTask();
await styled;
start();
