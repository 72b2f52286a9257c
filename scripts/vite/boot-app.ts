import type { Plugin } from 'vite';
import { FIRST_SCREEN_ID } from '../../src/ui/common/first-screen-markup.ts';

const LANDING_ROUTE = 'src/ui/landing/landing-screen.tsx';

/**
 * What every page but the landing page waits for before it renders (src/app/route-gate.ts and
 * main.tsx): the container with its common module, the tables of where each area's module and
 * messages are, the toaster and the blocking dialogs. (Each page's own areas' modules and
 * messages it loads next to its chunk, ADR 0020.)
 */
const GATE_MODULES = ['src/app/page-container.ts', 'src/app/area-modules.ts', 'src/ui/i18n/message-loaders.ts', 'src/ui/common/toaster.tsx', 'src/ui/common/notice-dialogs.tsx'];

/**
 * What a page other than the landing page shows from its HTML until the app renders: the app's own
 * loading spinner (ui/shell/page-loading.tsx: blue.600, 2rem, centred in half the screen), drawn as
 * SVG so that the browser counts it as the first contentful paint. Fixed to the screen: the body's
 * margin, which the app's styles remove, must not move it (a layout shift). React empties the root when it
 * first renders there, so the app's spinner or the page takes its place in the same frame.
 */
export const BOOT_SPINNER =
  '<div data-testid="boot-loading" aria-hidden="true" style="position:fixed;top:0;left:0;right:0;height:50dvh;display:flex;align-items:center;justify-content:center">' +
  '<svg width="32" height="32" viewBox="0 0 32 32"><circle cx="16" cy="16" r="14" fill="none" stroke="#2563eb" stroke-width="2" stroke-dasharray="66 22">' +
  '<animateTransform attributeName="transform" type="rotate" from="0 16 16" to="360 16 16" dur="0.65s" repeatCount="indefinite"/></circle></svg></div>';

/**
 * On a page with a painted first screen, what starts the app before the page has been idle: the
 * visitor's first sign of intent (a touch, a click, a key, a focused field, the mouse moving).
 * A tap is then replayed once the app has taken over (first-screen.ts, `pressed`).
 */
const INTENT_EVENTS = ['pointerdown', 'touchstart', 'mousemove', 'keydown', 'focusin', 'wheel'];
/** Otherwise the app starts this long after the copy has painted, in the browser's next idle moment (ADR 0025). */
const START_AFTER_PAINT_MS = 3000;
/** The longest that idle moment may be waited for. */
const IDLE_WAIT_MS = 1000;
/** How many of the app's files are prefetched in one go after the paint. */
const PREFETCH_BATCH = 6;

const ENTRY_TAG = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const PRELOAD_TAG = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * Replaces the entry's `<script type="module">` and its preloads with one inline script at the end
 * of the body that starts them, so that:
 * - on a page with its painted first screen (the landing, login and visitor software pages:
 *   docs/adr/0008-landing-first-screen.md, 0023) the
 *   browser paints that screen before it fetches and runs the app, instead of running the app
 *   first because its files came in while the page was parsed. It waits for the browser's
 *   first-contentful-paint entry (a frame's rendering can end well after its animation frame on a
 *   busy machine), with a 2 s timer as a fallback. Then it fetches the app's files and runs them
 *   at the visitor's first intent or once the page is idle (ADR 0025): the copy is readable and
 *   its links work meanwhile, and the app's start no longer blocks the page while it loads;
 * - on the landing page, the landing route's chunk and its imports are fetched next to the entry
 *   rather than after it has run (one round trip less);
 * - every other page shows the app's loading spinner from its HTML (BOOT_SPINNER: the first
 *   paint, instead of a white page until the entry has run; not under a painted first screen),
 *   starts the app at once (at first paint with a first screen), and
 *   fetches what its route gate waits for (the
 *   container, the toaster and dialogs) next to the entry rather than after it has
 *   run: the entry, then those chunks, was two round trips and a script's run one after the other.
 * A page opened in a background tab paints nothing until it is shown: it starts the app at once.
 */
export function bootApp(base: string): Plugin {
  return {
    name: 'portal:boot-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return html;
        const entryTag = html.match(ENTRY_TAG);
        if (!entryTag) throw new Error('index.html has no entry <script type="module">: the boot script needs it');
        const preloads = [...html.matchAll(PRELOAD_TAG)].map((m) => m[1]);

        const chunks = Object.values(bundle).filter((out) => out.type === 'chunk');
        const landing = chunks.find((c) => c.facadeModuleId?.replace(/\\/g, '/').endsWith(LANDING_ROUTE));
        if (!landing) throw new Error(`${LANDING_ROUTE} is no chunk of its own: the landing preload needs it`);
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const closure = (start: string, seen = new Set<string>()) => {
          if (seen.has(start)) return seen;
          seen.add(start);
          for (const next of byFile.get(start)?.imports ?? []) closure(next, seen);
          return seen;
        };
        const inEntry = closure(entry.fileName);
        const landingFiles = [...closure(landing.fileName)].filter((file) => !inEntry.has(file)).map((file) => `${base}${file}`);
        const gateChunks = GATE_MODULES.map((source) => {
          const chunk = chunks.find((c) => c.facadeModuleId?.replace(/\\/g, '/').endsWith(source));
          if (!chunk) throw new Error(`${source} is no chunk of its own: the gate preload needs it`);
          return chunk.fileName;
        });
        const gateSeen = new Set<string>();
        for (const file of gateChunks) closure(file, gateSeen);
        const gateFiles = [...gateSeen].filter((file) => !inEntry.has(file)).map((file) => `${base}${file}`);

        // What a page with a painted copy fetches at its first paint and runs later (see `arm` below).
        const landingPrefetch = [entryTag[1], ...preloads, ...landingFiles];
        const gatePrefetch = [entryTag[1], ...preloads, ...gateFiles];

        const script =
          `(function(){var d=document,h=d.head,done=0,land=/^${base.replace(/\//g, '\\/')}?$/.test(location.pathname);` +
          `function pre(f){var l=d.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=f;h.appendChild(l)}` +
          `function go(){if(done)return;done=1;${JSON.stringify(INTENT_EVENTS)}.forEach(function(t){removeEventListener(t,go,true)});${JSON.stringify(preloads)}.forEach(pre);` +
          `(land?${JSON.stringify(landingFiles)}:${JSON.stringify(gateFiles)}).forEach(pre);` +
          `var s=d.createElement('script');s.type='module';s.crossOrigin='';s.src=${JSON.stringify(entryTag[1])};h.appendChild(s)}` +
          `var c=d.getElementById('${FIRST_SCREEN_ID}'),armed=0;` +
          // After the copy's first paint: fetch the app's files (a prefetch neither parses nor runs
          // them), then run them at the visitor's first sign of intent or once the page has been
          // idle for a while, whichever comes first.
          // A few links at a time, in idle moments: some 60 inserted at once were one task of 15 ms
          // (150 ms at a phone's speed) right after the paint (ADR 0026).
          `function idle(f){window.requestIdleCallback?requestIdleCallback(f,{timeout:${IDLE_WAIT_MS}}):setTimeout(f,50)}` +
          `function arm(){if(armed)return;armed=1;var p=land?${JSON.stringify(landingPrefetch)}:${JSON.stringify(gatePrefetch)},i=0;` +
          `(function more(){for(var e=Math.min(i+${PREFETCH_BATCH},p.length);i<e;i++){var l=d.createElement('link');l.rel='prefetch';l.as='script';l.crossOrigin='';l.href=p[i];h.appendChild(l)}if(i<p.length&&!done)idle(more)})();` +
          `${JSON.stringify(INTENT_EVENTS)}.forEach(function(t){addEventListener(t,go,{capture:true,passive:true})});` +
          `setTimeout(function(){idle(go)},${START_AFTER_PAINT_MS})}` +
          `function painted(){try{new PerformanceObserver(function(l,o){if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();setTimeout(arm,0)}})` +
          `.observe({type:'paint',buffered:true})}catch(e){requestAnimationFrame(function(){setTimeout(arm,0)})}setTimeout(arm,2000)}` +
          `if(!(c&&c.firstChild)){var r=d.getElementById('root');if(r&&!r.firstChild&&!land)r.innerHTML=${JSON.stringify(BOOT_SPINNER)};go()}` +
          `else if(d.visibilityState!=='hidden')painted();else go()})()`;
        return html
          .replace(ENTRY_TAG, '')
          .replace(PRELOAD_TAG, '')
          .replace('</body>', `  <script>${script}</script>\n  </body>`);
      },
    },
  };
}
