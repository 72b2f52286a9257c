import { createSystem, defaultBaseConfig, defineConfig, defineRecipe, defineTokens, type SystemContext } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  collapsibleSlotRecipe,
  comboboxSlotRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dialogSlotRecipe,
  drawerSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  popoverSlotRecipe,
  progressSlotRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  statSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';

// Chakra's font stack names no Chinese font, so every run of Chinese text sends the browser
// through the system's font fallback: on Linux that is a fontconfig search per run, which doubled
// the landing page's style and layout time in Chinese (docs/BENCHMARKS.md, landing section), and
// on Windows it can land on SimSun. The Chinese fonts come after the Latin ones, so Latin text
// looks as before.
const LATIN = `Inter, -apple-system, BlinkMacSystemFont, "Segoe UI", Helvetica, Arial`;
const CHINESE = `"PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "Source Han Sans SC", "WenQuanYi Zen Hei"`;
const EMOJI = `"Apple Color Emoji", "Segoe UI Emoji", "Segoe UI Symbol"`;
const fonts = defineTokens.fonts({
  heading: { value: `${LATIN}, ${CHINESE}, sans-serif, ${EMOJI}` },
  body: { value: `${LATIN}, ${CHINESE}, sans-serif, ${EMOJI}` },
  // Order numbers are set in it after a Chinese label ("订单号 G3015-240101"): the same fallback.
  mono: { value: `SFMono-Regular, Menlo, Monaco, Consolas, "Liberation Mono", "Courier New", ${CHINESE}, monospace` },
});

// Three of Chakra's colours fail WCAG 1.4.3 / 1.4.11 on white, measured by axe on every route
// (issue 23): white on the solid green (Running badge) is 3.3:1 and on the solid orange ("video
// coming soon") 3.6:1, under the 4.5:1 text needs; the gray focus ring of text fields is 2.6:1,
// under the 3:1 a focus indicator needs. These are the 700 shades of the same hues (5.0:1 and
// 5.2:1) and the portal's blue (5.2:1).
const baseColors = semanticTokens.colors as Record<string, Record<string, unknown>>;
const portalSemanticTokens = {
  ...semanticTokens,
  colors: {
    ...baseColors,
    green: { ...baseColors.green, solid: { value: '#15803d' } },
    orange: { ...baseColors.orange, solid: { value: '#c2410c' } },
    gray: { ...baseColors.gray, focusRing: { value: '{colors.blue.600}' } },
  },
};

// A solid button under the pointer: Chakra lightens it to 90% of its colour over the page, which
// takes white text on the portal's blue to 4.3:1 (axe, the chat's Send button after a click).
// Darkened instead, the hover stays a visible change and the text gains contrast.
const darkened = { bg: 'colorPalette.solid', filter: 'brightness(0.88)' };
const portalButtonRecipe = defineRecipe({
  ...buttonRecipe,
  variants: {
    ...buttonRecipe.variants!,
    variant: {
      ...buttonRecipe.variants!.variant,
      solid: { ...buttonRecipe.variants!.variant!.solid, _hover: darkened, _expanded: darkened },
    },
  },
});

/**
 * The portal's Chakra system: Chakra's default theme (tokens, global styles, breakpoints) with the
 * recipes of the components the portal uses only. `defaultSystem` carries all of Chakra's ~80
 * recipes (about 20 kB of gzip on every page). A component whose recipe is missing renders
 * unstyled without any warning, so tests/ui/common/chakra-system.test.ts checks every Chakra
 * component imported under src/ui against this list: add the recipe here when it fails.
 *
 * A function rather than a module constant: building the system is some 40 ms of main-thread
 * time, and the page does it in a task of its own after the modules have loaded (src/app/main.tsx).
 */
export const createPortalSystem = () =>
  createSystem(
    defaultBaseConfig,
    defineConfig({
      preflight: true,
      cssVarsPrefix,
      cssVarsRoot,
      globalCss,
      theme: {
        breakpoints,
        keyframes,
        tokens: { ...tokens, fonts },
        semanticTokens: portalSemanticTokens,
        textStyles,
        layerStyles,
        animationStyles,
        recipes: {
          badge: badgeRecipe,
          button: portalButtonRecipe,
          checkmark: checkmarkRecipe,
          container: containerRecipe,
          heading: headingRecipe,
          icon: iconRecipe,
          input: inputRecipe,
          inputAddon: inputAddonRecipe,
          link: linkRecipe,
          separator: separatorRecipe,
          skeleton: skeletonRecipe,
          spinner: spinnerRecipe,
          textarea: textareaRecipe,
        },
        slotRecipes: {
          alert: alertSlotRecipe,
          avatar: avatarSlotRecipe,
          checkbox: checkboxSlotRecipe,
          collapsible: collapsibleSlotRecipe,
          combobox: comboboxSlotRecipe,
          dialog: dialogSlotRecipe,
          drawer: drawerSlotRecipe,
          field: fieldSlotRecipe,
          fieldset: fieldsetSlotRecipe,
          list: listSlotRecipe,
          menu: menuSlotRecipe,
          nativeSelect: nativeSelectSlotRecipe,
          // The shell's notification bell (issue 39).
          popover: popoverSlotRecipe,
          progress: progressSlotRecipe,
          stat: statSlotRecipe,
          table: tableSlotRecipe,
          tabs: tabsSlotRecipe,
          toast: toastSlotRecipe,
        },
      },
    }),
  );

/** Marks the `<style>` elements of the build's global CSS in the page (scripts/prerender-first-screens.tsx). */
export const BUILD_GLOBAL_CSS_ATTRIBUTE = 'data-portal-global-css';

/**
 * The system the app's provider gets. Chakra's provider writes the system's global CSS (reset,
 * global styles, every token's variable: some 48 kB) from `system._global` at the first render;
 * a page from the production build carries that CSS already, written at build time, so the
 * provider gets none and the system never computes it (the build makes `_global` lazy:
 * scripts/vite/chakra-lazy-global.ts; docs/adr/0024). Pages without it (the dev server, tests)
 * get the system as it is.
 */
export function providedSystem(system: SystemContext, page: Pick<Document, 'querySelector'> | undefined = globalThis.document): SystemContext {
  if (!page?.querySelector(`style[${BUILD_GLOBAL_CSS_ATTRIBUTE}]`)) return system;
  return Object.create(system, { _global: { value: [] } }) as SystemContext;
}
