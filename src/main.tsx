import './styles/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html needs a #root element');

/** Resolves on a new task: the browser paints and answers input in between. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/*
 * The app starts in stages, each on a task of its own, while the prerendered page is already on
 * screen: React DOM (most of the code a page runs); then the app (router, state, the page's
 * components; src/app/start.tsx); then hydration. Evaluated at once they
 * were one task of about 90 ms on Lighthouse's phone (4x slower CPU), which is what Total Blocking
 * Time counts. The prerender preloads every stage's chunks with the page
 * (tools/prerender/plugin.ts), so the stages cost no extra round trip.
 */
await import('react-dom/client');
await nextTask();
const { prepareApp } = await import('./app/start.tsx');
const start = await prepareApp(root);
await nextTask();
start();
