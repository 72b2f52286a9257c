import { memo } from 'react';
import { deferredModule, useDeferredModule } from '../common/deferred-module';
import { SessionStoreToken } from '../../ports/tokens';
import { useService } from '../common/services-context';
import { addMessages } from '../i18n/catalog';
import { landingTopMessages } from './landing-top.messages';
import { LandingTopBar } from './landing-top-bar';
import { LandingView } from './landing-view';
import { LandingServicesReady, useServicesOnIntent } from './services-on-intent';

// The first paint is the top bar and the first screen: their code and texts are in this chunk.
// The sections below (their views, state machines and texts) load right after it, and the app's
// services (the container with the HTTP adapters) when the visitor goes on (services-on-intent.ts);
// see docs/BENCHMARKS.md.
addMessages(landingTopMessages);

/** The sections below the first screen; loaded once the first screen has painted. */
export const landingSections = deferredModule(() => import('./landing-sections'));

const LandingPage = memo(function LandingPage({ loggedIn }: { loggedIn: boolean }) {
  const sections = useDeferredModule(landingSections);
  return (
    <LandingView
      loggedIn={loggedIn}
      topBar={<LandingTopBar loggedIn={loggedIn} />}
      sections={sections ? <sections.LandingSections /> : null}
      footer={sections ? <sections.LandingFooter /> : null}
    />
  );
});

/** Route `/`: the public landing page of spec 1 section 2. */
export default function LandingScreen() {
  // Loads the app's services once the visitor scrolls, taps or types; the CAM cards wait for them.
  const ready = useServicesOnIntent();
  // The session store is there before the app's services (deferred-services.tsx).
  const loggedIn = useService(SessionStoreToken).signedIn();
  return (
    <LandingServicesReady.Provider value={ready}>
      <LandingPage loggedIn={loggedIn} />
    </LandingServicesReady.Provider>
  );
}
