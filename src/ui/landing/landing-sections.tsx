import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import { latestReleaseMachine, type ReleasesQuery } from '../../domain/cam/latest-release.machine';
import type { CamRelease } from '../../domain/cam/software-catalog';
import { contactRequestMachine, type SaveContactBody } from '../../domain/shared/contact-request.machine';
import type { Envelope } from '../../domain/shared/envelope';
import { useOptionalPort, useServicesLoaded } from '../common/services-context';
import { useFreshActor } from '../common/use-fresh-actor';
import { addMessages } from '../i18n/catalog';
import { useLanguage } from '../i18n/language-context';
import { selectCamCard, type CamCardModel } from './cam-card.selectors';
import { CamCardView } from './cam-card-view';
import { CAM_PRODUCTS, type CamProduct } from './cam-products';
import { selectContactForm } from './contact-form.selectors';
import { ContactFormView } from './contact-form-view';
import { IndustriesCarousel } from './industries-carousel';
import { landingMessages } from './landing.messages';
import { LandingSectionsView } from './landing-sections-view';
import { useWindowWidth } from './use-window-width';

export { LandingFooter } from './landing-sections-view';

// The sections below the first screen load just after the first paint (landing-screen.tsx),
// with their texts, their state machines and xstate's actors.
addMessages(landingMessages);

type LoadReleases = (query: ReleasesQuery, signal: AbortSignal) => Promise<Envelope<CamRelease[] | string>>;

const NOT_BOUND = async (): Promise<never> => {
  throw new Error('port not bound');
};

const LOADING: CamCardModel = { status: 'loading' };

/** One CAM card with its own latest-release actor; a language switch reloads it. */
function CamCard({ product, load }: { product: CamProduct; load: LoadReleases }) {
  const { language } = useLanguage();
  const machine = useMemo(
    () => latestReleaseMachine.provide({ actors: { loadReleases: fromPromise(({ input, signal }) => load(input, signal)) } }),
    [load],
  );
  const actor = useFreshActor(machine, { input: { productType: product.productType, lang: language } });
  const model = useSelector(actor, selectCamCard, shallowEqual);
  const loadedIn = useRef(language);
  useEffect(() => {
    if (loadedIn.current === language) return;
    loadedIn.current = language;
    actor.send({ type: 'releases.reload', lang: language });
  }, [actor, language]);
  return <CamCardView product={product} model={model} onRetry={() => actor.send({ type: 'releases.reload' })} />;
}

/** The four CAM cards; they show as loading until the app's services are there. */
function CamCards() {
  const ready = useServicesLoaded();
  const software = useOptionalPort('SoftwareApiPort');
  const loadReleases = useMemo<LoadReleases>(
    () => (software ? (query, signal) => software.getReleases(query.productType, query.lang, signal) : NOT_BOUND),
    [software],
  );
  return CAM_PRODUCTS.map((product) =>
    ready ? (
      <CamCard key={product.key} product={product} load={loadReleases} />
    ) : (
      <CamCardView key={product.key} product={product} model={LOADING} onRetry={() => {}} />
    ),
  );
}

/** The contact form; it sends through HomeApiPort, read when the visitor sends. */
function ContactForm() {
  const home = useOptionalPort('HomeApiPort');
  const { language } = useLanguage();
  // The actor is made once; it reads the language and the port at send time.
  const latest = useRef({ home, language });
  useEffect(() => {
    latest.current = { home, language };
  }, [home, language]);
  const machine = useMemo(
    () =>
      contactRequestMachine.provide({
        actors: {
          submit: fromPromise(({ input, signal }: { input: SaveContactBody; signal: AbortSignal }) => {
            const { home: port, language: lang } = latest.current;
            return port ? port.saveContact(input, lang, signal) : NOT_BOUND();
          }),
        },
      }),
    [],
  );
  const actor = useActorRef(machine);
  const model = useSelector(actor, selectContactForm, shallowEqual);
  return (
    <ContactFormView
      model={model}
      onChange={(field, value) => actor.send({ type: 'form.change', field, value })}
      onSubmit={() => actor.send({ type: 'form.submit' })}
      onReset={() => actor.send({ type: 'form.reset' })}
    />
  );
}

function Carousel() {
  return <IndustriesCarousel width={useWindowWidth()} />;
}

/** The landing page's sections after the first screen, with their live parts. */
export function LandingSections() {
  return <LandingSectionsView carousel={<Carousel />} camCards={<CamCards />} contactForm={<ContactForm />} />;
}
