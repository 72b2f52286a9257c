/** Brand settings (DECISIONS 3): the server may inject `window.__BRAND__`; otherwise neutral defaults. */
export interface Brand {
  /** Replaces `{product}` of the spec: `{name}Gpt`, `{name}Nest V2.0`... */
  name: string;
  /** The portal's name in the visitor top bar. */
  portalName: { zh: string; en: string };
  version: string;
  hotline: string;
  mailbox: string;
  /** Logo image URL; empty draws the built-in mark. */
  logoUrl: string;
  officialSite: string;
  /** The external support chat the repair hub's online-chat tile opens (BRAND_SUPPORT_CHAT_URL). */
  supportChatUrl: string;
}

export const DEFAULT_BRAND: Brand = {
  name: 'Laser',
  portalName: { zh: '激光云服务平台', en: 'Laser Service Portal' },
  version: '1.0',
  hotline: '400-000-0000',
  mailbox: 'service@example.com',
  logoUrl: '',
  officialSite: 'https://example.com',
  supportChatUrl: 'https://example.com/support-chat',
};

declare global {
  interface Window {
    __BRAND__?: Partial<Brand>;
  }
}

/** The brand of this deployment: `window.__BRAND__` over the defaults. */
export function readBrand(injected: Partial<Brand> | undefined = typeof window === 'undefined' ? undefined : window.__BRAND__): Brand {
  if (!injected || typeof injected !== 'object') return DEFAULT_BRAND;
  return {
    ...DEFAULT_BRAND,
    ...injected,
    portalName: { ...DEFAULT_BRAND.portalName, ...injected.portalName },
  };
}

/** The brand, read once when the page loads. */
export const brand: Brand = readBrand();

/** The Gpt section's path segment for a brand name: `LaserGpt`. */
export function gptSegment(name: string = brand.name): string {
  return `${name}Gpt`;
}
