import type { Plugin } from 'vite';

const SYSTEM_MODULE = /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;
const EAGER = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
const RETURNED = '\n    _global,\n';

/**
 * Makes Chakra's `system._global` (the CSS of its reset, global styles and every token's variable)
 * computed when first read, instead of inside `createSystem`. That CSS is the same for every page
 * load of a build, so the build writes it into the page (scripts/prerender-first-screens.tsx) and
 * the app's provider never reads it (src/ui/common/chakra-system.ts, `providedSystem`): about half
 * of `createSystem`, which was one of the longest tasks of every page's start (docs/adr/0024).
 *
 * A library patch by exact text: the build fails, rather than quietly computing the CSS again,
 * when a Chakra upgrade changes the lines it replaces. Only the production build takes it; the dev
 * server and the tests run Chakra as published (and their pages have no CSS from the build).
 */
export function chakraLazyGlobal(): Plugin {
  let patched = false;
  return {
    name: 'portal:chakra-lazy-global',
    apply: 'build',
    transform(code, id) {
      if (!SYSTEM_MODULE.test(id)) return null;
      if (!code.includes(EAGER) || code.split(RETURNED).length !== 2) {
        throw new Error(`chakra-lazy-global: ${id} no longer has the lines this patch replaces (Chakra upgraded?): see scripts/vite/chakra-lazy-global.ts`);
      }
      patched = true;
      return code
        .replace(EAGER, 'let _globalCss = null;')
        .replace(RETURNED, '\n    get _global() { return _globalCss ??= [getPreflightCss(), getGlobalCss(), getTokenCss()]; },\n');
    },
    buildEnd(error) {
      if (!error && !patched) throw new Error('chakra-lazy-global: Chakra\'s styled-system/system.js was not in the build: see scripts/vite/chakra-lazy-global.ts');
    },
  };
}
