import { fake, renderRoutes } from '../../support/render-routes';
import { vi, type Mock } from 'vitest';
import type { CamProductType, CamRelease, LatestReleaseAnswer } from '../../../src/domain/cam/software-catalog';
import type { HomeApiPort } from '../../../src/ports/home-api.port';
import type { SoftwareApiPort } from '../../../src/ports/software-api.port';
import { HomeApiToken, SoftwareApiToken } from '../../../src/ports/api-tokens';
import LandingScreen, { landingSections } from '../../../src/ui/landing/landing-screen';
import { landingControls } from '../../../src/ui/landing/landing-top-bar';

// In the browser the sections below the first screen and the top bar's menus load just after the
// first paint; here they are loaded up front, so each test renders the whole page at once.
await Promise.all([landingSections.load(), landingControls.load()]);

export const release = (versionnumber: string, remark = '1. Faster nesting\n2. Remnant library'): CamRelease => ({
  id: versionnumber,
  filename: `${versionnumber}.zip`,
  type: '1',
  versionnumber,
  createtime: '2026-06-15 10:00:00',
  remark,
  fileurl: `/files/cam/${versionnumber}`,
});

/** A product's newest release as the port answers it. */
export const latest = (versionnumber: string, remark?: string): LatestReleaseAnswer => ({ kind: 'release', release: release(versionnumber, remark) });

export type ReleasesByType = Partial<Record<CamProductType, LatestReleaseAnswer>>;

export const NONE: LatestReleaseAnswer = { kind: 'none', message: 'No release has been published yet' };

/** The landing page in a memory router, with fake releases and contact ports. */
export function renderLanding(options: { releases?: ReleasesByType; save?: Mock<HomeApiPort['saveContact']>; lang?: 'zh' | 'en'; releasesPending?: boolean } = {}) {
  const getLatestRelease = vi.fn((type: CamProductType, _lang: 'zh' | 'en') =>
    options.releasesPending ? new Promise<LatestReleaseAnswer>(() => {}) : Promise.resolve(options.releases?.[type] ?? NONE),
  );
  const software = { getLatestRelease } as unknown as SoftwareApiPort;
  const saveContact = options.save ?? vi.fn<HomeApiPort['saveContact']>(async () => ({ kind: 'accepted' }));
  const home: HomeApiPort = { saveContact };
  const rendered = renderRoutes('/', [{ path: '/', Component: LandingScreen }], {
    fakes: [fake(SoftwareApiToken, software), fake(HomeApiToken, home)],
    lang: options.lang,
  });
  return { ...rendered, getLatestRelease, saveContact };
}
