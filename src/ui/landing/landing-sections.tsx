import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { NotifierToken } from '../../ports/tokens';
import { useService } from '../common/services-context';
import { useFreshActor } from '../common/use-fresh-actor';
import { addMessages } from '../i18n/catalog';
import { useLanguage, useT } from '../i18n/language-context';
import { selectCamCard, type CamCardModel } from './cam-card.selectors';
import { CamCardView } from './cam-card-view';
import { CAM_PRODUCTS, type CamProduct } from './cam-products';
import { EMPTY_CONTACT_FORM, selectContactForm } from './contact-form.selectors';
import { ContactFormView } from './contact-form-view';
import { IndustriesCarousel } from './industries-carousel';
import { landingMessages } from './landing.messages';
import { useLandingMachines } from './landing-machines';
import { LandingSectionsView } from './landing-sections-view';
import { useLandingServicesReady } from './services-on-intent';
import { useWindowWidth } from './use-window-width';

export { LandingFooter } from './landing-sections-view';

// The sections below the first screen load just after the first paint (landing-screen.tsx),
// with their texts and xstate's actors; their machines come with the app's services.
addMessages(landingMessages);

const LOADING: CamCardModel = { status: 'loading' };

/** Whether the landing page's services are there; the landing screen decides when they load (services-on-intent.ts). */
const useServicesReady = useLandingServicesReady;

/** One CAM card with its own latest-release actor; a language switch reloads it. */
function CamCard({ product }: { product: CamProduct }) {
  const { language } = useLanguage();
  const t = useT();
  const notifier = useService(NotifierToken);
  const actor = useFreshActor(useLandingMachines().latestRelease, { input: { productType: product.productType, lang: language } });
  const model = useSelector(actor, selectCamCard, shallowEqual);
  const loadedIn = useRef(language);
  useEffect(() => {
    if (loadedIn.current === language) return;
    loadedIn.current = language;
    actor.send({ type: 'releases.reload', lang: language });
  }, [actor, language]);
  // "no video yet" is a message (spec 1 and 2), not text in the card.
  return <CamCardView product={product} model={model} onRetry={() => actor.send({ type: 'releases.reload' })} onNoVideo={() => notifier.warning(t('landing.cam.noVideo'))} />;
}

/** The CAM cards; they show as loading until the app's services are there. */
function CamCards() {
  const ready = useServicesReady();
  return CAM_PRODUCTS.map((product) =>
    ready ? <CamCard key={product.key} product={product} /> : <CamCardView key={product.key} product={product} model={LOADING} onRetry={() => {}} />,
  );
}

/** The contact form with its machine; it sends in the page's language. */
function ReadyContactForm() {
  const { language } = useLanguage();
  // Starts idle (nothing loads on start), so useActorRef is safe here.
  const actor = useActorRef(useLandingMachines().contactRequest);
  const model = useSelector(actor, selectContactForm, shallowEqual);
  return (
    <ContactFormView
      model={model}
      onChange={(field, value) => actor.send({ type: 'form.change', field, value })}
      onSubmit={() => actor.send({ type: 'form.submit', lang: language })}
      onReset={() => actor.send({ type: 'form.reset' })}
    />
  );
}

const ignore = () => {};

/** The contact form; until the app's services are there it shows, disabled, without its machine. */
function ContactForm() {
  return useServicesReady() ? <ReadyContactForm /> : <ContactFormView model={EMPTY_CONTACT_FORM} disabled onChange={ignore} onSubmit={ignore} onReset={ignore} />;
}

function Carousel() {
  return <IndustriesCarousel width={useWindowWidth()} />;
}

/** The landing page's sections after the first screen, with their live parts. */
export function LandingSections() {
  return <LandingSectionsView carousel={<Carousel />} camCards={<CamCards />} contactForm={<ContactForm />} />;
}
