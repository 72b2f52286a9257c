// Renders the landing page's first screen (top bar and welcome) to HTML in both languages, once per
// build (scripts/vite/prerender-landing.ts runs it after the bundle is written): the server sends it inside the landing
// page so the heading paints before React and Chakra have run (docs/adr/0008-landing-first-screen.md).
//
// Output: <outDir>/landing-first-screen.html, one fragment: Chakra's styles for the first screen
// (emotion's, with their ids, so the app adopts them instead of adding them again), a <template>
// per language, the empty box the copy goes into, and the inline script that picks the language.
// Brand values the server knows only at run time are written as placeholders it fills in.
import { ChakraProvider } from '@chakra-ui/react';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { LANGUAGES, type Language } from '../src/domain/accounts/language';
import { brand } from '../src/ui/common/brand';
import { createPortalSystem } from '../src/ui/common/chakra-system';
import { addMessages } from '../src/ui/i18n/catalog';
import { LanguageProvider } from '../src/ui/i18n/language-context';
import { FIRST_SCREEN_ID, FIRST_SCREEN_SCRIPT, firstScreenTemplateId } from '../src/ui/landing/first-screen';
import { landingTopMessages } from '../src/ui/landing/landing-top.messages';
import { LandingTopBar } from '../src/ui/landing/landing-top-bar';
import { LandingView } from '../src/ui/landing/landing-view';
import { APP_BASENAME } from '../src/ui/shell/routes';
import { BRAND_PLACEHOLDERS, FIRST_SCREEN_FILE } from '../src/server/spa/first-screen-file';

const outDir = process.argv[2] ?? 'dist';

// The page reads the brand once when it loads; here its fields carry the placeholders instead.
Object.assign(brand, { name: BRAND_PLACEHOLDERS.name, officialSite: BRAND_PLACEHOLDERS.officialSite, logoUrl: '' });
addMessages(landingTopMessages);

const portalSystem = createPortalSystem();
const noStorage = { get: () => null, set: () => {} };

function render(language: Language): string {
  return renderToString(
    <ChakraProvider value={portalSystem}>
      <LanguageProvider storage={noStorage} query={`?lan=${language}`}>
        <MemoryRouter basename={APP_BASENAME} initialEntries={[`${APP_BASENAME}/`]}>
          <LandingView loggedIn={false} topBar={<LandingTopBar loggedIn={false} />} sections={null} footer={null} />
        </MemoryRouter>
      </LanguageProvider>
    </ChakraProvider>,
  );
}

const STYLE = /<style data-emotion="([^"]+)"[^>]*>[\s\S]*?<\/style>/g;
const styles = new Map<string, string>();
const templates = LANGUAGES.map((language) => {
  const markup = render(language).replace(STYLE, (tag, id: string) => {
    styles.set(id, tag);
    return '';
  });
  return `<template id="${firstScreenTemplateId(language)}">${markup}</template>`;
});

// Laid over the app's root rather than in the flow: what the app shows there before its landing view
// (the route's loading state) neither moves the copy nor is seen.
const FIRST_SCREEN_BOX_STYLE = 'position:absolute;top:0;left:0;right:0;z-index:1';

const fragment = [...styles.values(), ...templates, `<div id="${FIRST_SCREEN_ID}" style="${FIRST_SCREEN_BOX_STYLE}"></div>`, `<script>${FIRST_SCREEN_SCRIPT}</script>`].join('');
writeFileSync(path.join(outDir, FIRST_SCREEN_FILE), fragment);
console.log(`landing first screen: ${(fragment.length / 1024).toFixed(1)} KB (${styles.size} style blocks, ${LANGUAGES.length} languages)`);
