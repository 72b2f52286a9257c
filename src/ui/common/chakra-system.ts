import { createSystem, defaultBaseConfig, defineConfig, defineTokens } from '@chakra-ui/react';
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
  mono: tokens.fonts!.mono,
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
        semanticTokens,
        textStyles,
        layerStyles,
        animationStyles,
        recipes: {
          badge: badgeRecipe,
          button: buttonRecipe,
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
          stat: statSlotRecipe,
          table: tableSlotRecipe,
          tabs: tabsSlotRecipe,
          toast: toastSlotRecipe,
        },
      },
    }),
  );
