import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import type { BrandConfig } from '../config';

/**
 * The mini program's QR code per language, as an SVG image the portal serves (ADR 0023): the pages'
 * mobile-app dialogs show it (ui/common/mini-program-qr.tsx asks for this path), and the visitor
 * pages' first screen from the build shows it before any script has run. Made on the server from
 * the brand's addresses (BRAND_MINI_PROGRAM_ZH / _EN), which the build cannot know.
 */
export const miniProgramQrPath = (language: 'zh' | 'en') => `/app/mini-program-qr/${language}.svg`;

const QR_OPTIONS = { type: 'svg', margin: 1, width: 220, color: { dark: '#1e3a8a', light: '#ffffff' } } as const;

export function registerMiniProgramQr(app: FastifyInstance, brand: Pick<BrandConfig, 'miniProgramUrlZh' | 'miniProgramUrlEn'>): void {
  const addresses = { zh: brand.miniProgramUrlZh, en: brand.miniProgramUrlEn };
  for (const language of ['zh', 'en'] as const) {
    // Made once, on the first request.
    let svg: Promise<string> | null = null;
    app.get(miniProgramQrPath(language), { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) => {
      svg ??= QRCode.toString(addresses[language], QR_OPTIONS).catch((error: unknown) => {
        svg = null;
        throw error;
      });
      // Revalidated on each load (2 kB): a deployment may change its addresses.
      return reply.type('image/svg+xml').header('cache-control', 'no-cache').send(await svg);
    });
  }
}
