import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useFreshActor } from '../common/use-fresh-actor';
import { useEffect, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import { latestReleaseMachine, type ReleasesQuery } from '../../domain/cam/latest-release.machine';
import type { CamRelease } from '../../domain/cam/software-catalog';
import { contactRequestMachine, type SaveContactBody } from '../../domain/shared/contact-request.machine';
import type { Envelope } from '../../domain/shared/envelope';
import { useOptionalPort } from '../common/services-context';
import { useLanguage } from '../i18n/language-context';
import { selectCamCard } from './cam-card.selectors';
import { CamCardView } from './cam-card-view';
import { CAM_PRODUCTS, type CamProduct } from './cam-products';
import { selectContactForm } from './contact-form.selectors';
import { ContactFormView } from './contact-form-view';
import { IndustriesCarousel } from './industries-carousel';
import { LandingTopBar } from './landing-top-bar';
import { LandingView } from './landing-view';
import { useWindowWidth } from './use-window-width';

type LoadReleases = (query: ReleasesQuery, signal: AbortSignal) => Promise<Envelope<CamRelease[] | string>>;

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

function ContactForm({ save }: { save: (body: SaveContactBody, signal: AbortSignal) => Promise<Envelope<unknown>> }) {
  const machine = useMemo(
    () => contactRequestMachine.provide({ actors: { submit: fromPromise(({ input, signal }) => save(input, signal)) } }),
    [save],
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

const NOT_BOUND = async (): Promise<never> => {
  throw new Error('port not bound');
};

/** Route `/`: the public landing page of spec 1 section 2. */
export default function LandingScreen() {
  const storage = useOptionalPort('KeyValueStoragePort');
  const software = useOptionalPort('SoftwareApiPort');
  const home = useOptionalPort('HomeApiPort');
  const { language } = useLanguage();
  // The contact actor is made once; it reads the language at send time.
  const languageRef = useRef(language);
  useEffect(() => {
    languageRef.current = language;
  }, [language]);
  const width = useWindowWidth();
  const loggedIn = !!storage?.get('token');

  const loadReleases = useMemo<LoadReleases>(
    () => (software ? (query, signal) => software.getReleases(query.productType, query.lang, signal) : NOT_BOUND),
    [software],
  );
  const saveContact = useMemo(
    () => (home ? (body: SaveContactBody, signal: AbortSignal) => home.saveContact(body, languageRef.current, signal) : NOT_BOUND),
    [home],
  );

  return (
    <LandingView
      loggedIn={loggedIn}
      topBar={<LandingTopBar loggedIn={loggedIn} />}
      carousel={<IndustriesCarousel width={width} />}
      camCards={CAM_PRODUCTS.map((product) => (
        <CamCard key={product.key} product={product} load={loadReleases} />
      ))}
      contactForm={<ContactForm save={saveContact} />}
    />
  );
}
