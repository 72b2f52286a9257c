// Renders the first screen of the pages in FIRST_SCREEN_PAGES (the landing page, the login page, the
// visitors' software tab) to HTML in both languages, once per build (scripts/vite/prerender-first-screens.ts
// runs it after the bundle is written): the server sends each inside its page so that the page
// paints before React and Chakra have run (docs/adr/0008-landing-first-screen.md, 0023).
//
// Output: Chakra's global CSS (reset, global styles, every token's variable), the same for every
// page, written into <outDir>/index.html's head, so that no page computes it at run time (ADR 0024);
// and <outDir>/first-screen-<page>.html per page, one fragment: Chakra's other styles for that first
// screen (emotion's, with their ids, so the app adopts them instead of adding them again), a
// <template> per language, the empty box the copy goes into (with the addresses it stands for),
// and the inline script that picks the language. Brand values the server knows only at run time
// are written as placeholders it fills in.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { LANGUAGES, type Language } from '../src/domain/accounts/language';
import type { LoginViewModel } from '../src/ui/accounts/login.selectors';
import { accountsMessages } from '../src/ui/accounts/accounts.messages';
import { LoginView } from '../src/ui/accounts/login-view';
import { brand } from '../src/ui/common/brand';
import { titleTemplates } from '../src/ui/common/portal-title';
import { pageNameOf } from '../src/ui/shell/page-titles';
import { BUILD_GLOBAL_CSS_ATTRIBUTE } from '../src/ui/common/chakra-system';
import { BELOW_ATTRIBUTE, DISMISS_ATTRIBUTE } from '../src/ui/common/first-screen-markup';
import { firstScreenScript } from '../src/ui/common/first-screen-script';
import { NoticeDialogStore } from '../src/ui/common/notice-dialogs.store';
import { ServicesProvider, type UiServices } from '../src/ui/common/services-context';
import { MOBILE_MAX_WIDTH } from '../src/ui/common/use-narrow-screen';
import { addMessages } from '../src/ui/i18n/catalog';
import { landingTopMessages } from '../src/ui/landing/landing-top.messages';
import { LandingTopBar } from '../src/ui/landing/landing-top-bar';
import { LandingView } from '../src/ui/landing/landing-view';
import { MOBILE_APP_DIALOG_DISMISSED_KEY, MobileAppDialogView } from '../src/ui/shell/mobile-app-dialog';
import { shellMessages } from '../src/ui/shell/shell.messages';
import VisitorShell from '../src/ui/shell/visitor-shell';
import { softwareMessages } from '../src/ui/software/software.messages';
import { VisitorSoftwareTab } from '../src/ui/software/software-cards';
import { BRAND_PLACEHOLDERS, FIRST_SCREEN_PAGES, firstScreenFile, type FirstScreenKey } from '../src/server/spa/first-screen-pages';
import { copyFragment, providerStyles } from '../src/server/first-screens/copy-fragment';

const outDir = process.argv[2] ?? 'dist';

// The page reads the brand once when it loads; here its fields carry the placeholders instead.
Object.assign(brand, { ...BRAND_PLACEHOLDERS, logoUrl: '' });
addMessages(landingTopMessages, accountsMessages, shellMessages, softwareMessages);

const noop = () => {};

/** The login form as it first renders: empty, nothing sent yet. */
const EMPTY_LOGIN: LoginViewModel = { account: '', password: '', busy: false, accountError: null, passwordError: null, formError: null, codeAsked: false, code: '', codeError: null };

/**
 * What the first screen needs of the app's services: the visitor shell asks for the session store
 * (it marks the visitor in an effect, which a render to HTML does not run).
 */
const BUILD_SERVICES = { get: () => ({ enterAsVisitor: noop, clear: noop }), session: null, dialogs: new NoticeDialogStore() } as unknown as UiServices;

interface Prerendered {
  /** Paint nothing for a signed-in visitor (first-screen-script.ts). */
  skipSignedIn: boolean;
  /** The page's first screen: its real components, as the app first renders them. */
  render: (language: Language) => ReactNode;
}

const PRERENDERED: Record<FirstScreenKey, Prerendered> = {
  // The top bar and the welcome section (no sections below: they load after the first paint).
  landing: {
    skipSignedIn: true,
    render: () => <LandingView loggedIn={false} topBar={<LandingTopBar loggedIn={false} />} sections={null} footer={null} />,
  },
  // A signed-in visitor is sent from /Login to the landing page.
  login: { skipSignedIn: true, render: () => <LoginView model={EMPTY_LOGIN} onChange={noop} onSubmit={noop} onForgotPassword={noop} onVisitor={noop} onSendCode={noop} /> },
  // The shell with the software tab, and on phones the mobile-app dialog over it, as the app opens it
  // (unless dismissed earlier in the tab's session: the inline script drops it then, and on wider windows).
  // Open from the first frame, without the entry animation: the page arrives with it, and its QR
  // image paints at its full size at once (a smaller first paint, mid-animation, would leave the
  // app's image, painted later, to be the largest paint).
  'visitor-software': {
    skipSignedIn: false,
    render: () => (
      <ServicesProvider services={BUILD_SERVICES}>
        <Routes>
          <Route path="/visitor" element={<VisitorShell />}>
            <Route path="software" element={<VisitorSoftwareTab />} />
          </Route>
        </Routes>
        <div {...{ [DISMISS_ATTRIBUTE]: MOBILE_APP_DIALOG_DISMISSED_KEY, [BELOW_ATTRIBUTE]: MOBILE_MAX_WIDTH }}>
          <MobileAppDialogView open instant onClose={noop} />
        </div>
      </ServicesProvider>
    ),
  },
};

// The provider's own styles go into index.html once, marked, so that the app's provider leaves them
// to the page (providedSystem in src/ui/common/chakra-system.ts).
const globalStyles = providerStyles();
const indexFile = path.join(outDir, 'index.html');
const indexHtml = readFileSync(indexFile, 'utf8');
if (!indexHtml.includes(BUILD_GLOBAL_CSS_ATTRIBUTE)) {
  const tags = [...globalStyles.values()].map((tag) => tag.replace('<style ', `<style ${BUILD_GLOBAL_CSS_ATTRIBUTE} `)).join('');
  writeFileSync(indexFile, indexHtml.replace('</head>', `${tags}</head>`));
}
console.log(`global CSS in index.html: ${([...globalStyles.values()].join('').length / 1024).toFixed(1)} KB`);

for (const { key, paths } of FIRST_SCREEN_PAGES) {
  const page = PRERENDERED[key];
  const { fragment, styleBlocks } = copyFragment({ render: page.render, paths, script: firstScreenScript({ skipSignedIn: page.skipSignedIn, title: titleTemplates(pageNameOf(paths[0], brand.name)) }) });
  writeFileSync(path.join(outDir, firstScreenFile(key)), fragment);
  console.log(`${key} first screen: ${(fragment.length / 1024).toFixed(1)} KB (${styleBlocks} style blocks, ${LANGUAGES.length} languages)`);
}
