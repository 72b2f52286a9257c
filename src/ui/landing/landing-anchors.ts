import { scrollToSection } from './smooth-scroll';

/** The sections the top bar links to, in page order. */
export const LANDING_ANCHORS = ['platform', 'mes', 'hub', 'cam', 'contact'] as const;
export type LandingAnchor = (typeof LANDING_ANCHORS)[number];

export const TOP_BAR_HEIGHT = 64;

export function isLandingAnchor(value: string): value is LandingAnchor {
  return (LANDING_ANCHORS as readonly string[]).includes(value);
}

export function goTo(anchor: LandingAnchor) {
  scrollToSection(anchor);
}
