import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { LANGUAGES, type Language } from '../../domain/accounts/language';
import { createPortalSystem } from '../../ui/common/chakra-system';
import { FIRST_SCREEN_ID, FIRST_SCREEN_PARTS_ATTRIBUTE, FIRST_SCREEN_PATHS_ATTRIBUTE, firstScreenTemplateId } from '../../ui/common/first-screen-markup';
import { LanguageProvider } from '../../ui/i18n/language-context';
import { APP_BASENAME } from '../../ui/common/app-basename';

// A page's first screen as HTML: the app's real components rendered with react-dom/server in each
// language, for the browser to paint before the app has run. The build makes the public pages'
// copies (scripts/prerender-first-screens.tsx, ADR 0008 and 0023); the server makes the copies
// painted with the caller's data (personal-copies.tsx, ADR 0026). Both make them here.

const STYLE = /<style data-emotion="([^"]+)"[^>]*>[\s\S]*?<\/style>/g;
// The tests find the app's elements, never the copy's: the copy goes the frame the app's view arrives.
const TEST_ID = / data-testid="[^"]*"/g;
// React hoists a preload for each image; the image itself loads when its part of the copy is put in
// (and not at all when the inline script drops that part).
const IMAGE_PRELOAD = /<link rel="preload" as="image"[^>]*\/>/g;

// Laid over the app's root rather than in the flow: what the app shows there before its view of the
// page (the route's loading state) neither moves the copy nor is seen.
const FIRST_SCREEN_BOX_STYLE = 'position:absolute;top:0;left:0;right:0;z-index:1';

let system: ReturnType<typeof createPortalSystem> | null = null;
const portalSystem = () => (system ??= createPortalSystem());
const noStorage = { get: () => null, set: () => {} };

/** `node` as the app renders it at `at` (inside the app) in `language`: Chakra, the language, the router. */
function renderAt(language: Language, at: string, node: ReactNode): string {
  return renderToString(
    <ChakraProvider value={portalSystem()}>
      <LanguageProvider storage={noStorage} query={`?lan=${language}`}>
        <MemoryRouter basename={APP_BASENAME} initialEntries={[`${APP_BASENAME}${at}`]}>
          {node}
        </MemoryRouter>
      </LanguageProvider>
    </ChakraProvider>,
  );
}

let globalStyles: Map<string, string> | null = null;

/**
 * The provider's own styles, as emotion writes them for any page: the layer order and Chakra's
 * global CSS (reset, global styles, every token's variable). The build writes them into index.html
 * once (ADR 0024); no copy carries them again.
 */
export function providerStyles(): Map<string, string> {
  if (globalStyles) return globalStyles;
  globalStyles = new Map();
  for (const [tag, id] of renderToString(<ChakraProvider value={portalSystem()}>{null}</ChakraProvider>).matchAll(STYLE)) globalStyles.set(id, tag);
  if (globalStyles.size === 0) throw new Error("Chakra's provider wrote no global styles: see src/server/first-screens/copy-fragment.tsx");
  return globalStyles;
}

export interface CopyFragmentOptions {
  /** The page in one language, as the app first shows it. */
  render: (language: Language) => ReactNode;
  /** The addresses inside the app the copy stands for (`normalPath`); the first is rendered. */
  paths: readonly string[];
  /** Where the router stands while rendering (defaults to the last of `paths`), with its query. */
  at?: string;
  /** The app's parts that take over from the copy once they have their data (ADR 0026). */
  parts?: readonly string[];
  /** The inline script that picks the language's copy (first-screen-script.ts). */
  script: string;
  /** The languages to paint, when the page's language is known already (defaults to both). */
  languages?: readonly Language[];
}

/**
 * One fragment for a page: emotion's styles the copy needs beyond the provider's (with their ids,
 * so the app adopts them instead of adding them again), a `<template>` per language, the empty box
 * the copy goes into (with the addresses and parts it stands for), and the inline script.
 */
export function copyFragment({ render, paths, at, parts, script, languages = LANGUAGES }: CopyFragmentOptions): { fragment: string; styleBlocks: number } {
  const provided = providerStyles();
  const styles = new Map<string, string>();
  const templates = languages.map((language) => {
    const markup = renderAt(language, at ?? paths.at(-1)!, render(language))
      .replace(STYLE, (tag, id: string) => {
        if (!provided.has(id)) styles.set(id, tag);
        return '';
      })
      .replace(TEST_ID, '')
      .replace(IMAGE_PRELOAD, '');
    return `<template id="${firstScreenTemplateId(language)}">${markup}</template>`;
  });
  const partsAttribute = parts?.length ? ` ${FIRST_SCREEN_PARTS_ATTRIBUTE}="${parts.join(' ')}"` : '';
  const box = `<div id="${FIRST_SCREEN_ID}" ${FIRST_SCREEN_PATHS_ATTRIBUTE}="${paths.join(' ')}"${partsAttribute} style="${FIRST_SCREEN_BOX_STYLE}"></div>`;
  return { fragment: [oneStyleBlock(styles), ...templates, box, `<script>${script}</script>`].join(''), styleBlocks: styles.size };
}

const STYLE_PARTS = /^<style data-emotion="(\S+) ([^"]+)"[^>]*>([\s\S]*?)<\/style>$/;

/**
 * Emotion's blocks as one `<style>` naming every id (emotion adopts each id of a block it finds):
 * each element in the body costs the browser a style pass while it parses the page, some 40 of
 * them on the fleet page. In their order, which is the order their rules apply in.
 */
function oneStyleBlock(styles: Map<string, string>): string {
  const ids: string[] = [];
  const rules: string[] = [];
  let key = '';
  for (const tag of styles.values()) {
    const parts = STYLE_PARTS.exec(tag);
    if (!parts) throw new Error(`an emotion style block the copy cannot merge: ${tag.slice(0, 80)}`);
    if (key && parts[1] !== key) throw new Error(`emotion style blocks of two caches (${key}, ${parts[1]})`);
    key = parts[1];
    ids.push(parts[2]);
    rules.push(parts[3]);
  }
  return ids.length ? `<style data-emotion="${key} ${ids.join(' ')}">${rules.join('')}</style>` : '';
}
