import { memo } from 'react';
import { deferredModule, useDeferredModule } from '../common/deferred-module';
import { SessionStoreToken } from '../../ports/tokens';
import { useService, useServicesLoaded } from '../common/services-context';
import { addMessages } from '../i18n/catalog';
import { landingTopMessages } from './landing-top.messages';
import { LandingTopBar } from './landing-top-bar';
import { LandingView } from './landing-view';

// The first paint is the top bar and the first screen: their code and texts are in this chunk.
// The sections below (their views, state machines and texts) load right after it, and the app's
// services (the container with the HTTP adapters) after that; see docs/BENCHMARKS.md.
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
  // Starts loading the app's services after the first paint; the CAM cards wait for them.
  useServicesLoaded();
  // The session store is there before the app's services (deferred-services.tsx).
  return <LandingPage loggedIn={useService(SessionStoreToken).signedIn()} />;
}
