import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { vi, type Mock } from 'vitest';
import { LocalStorageAdapter } from '../../../src/adapters/local-storage/local-storage.adapter';
import { startSession } from '../../../src/app/session';
import type { CamProductType, CamRelease } from '../../../src/domain/cam/software-catalog';
import type { Envelope } from '../../../src/domain/shared/envelope';
import type { HomeApiPort } from '../../../src/ports/home-api.port';
import type { SoftwareApiPort } from '../../../src/ports/software-api.port';
import { NoticeDialogStore } from '../../../src/ui/common/notice-dialogs.store';
import { ServicesProvider, type PortMap, type UiServices } from '../../../src/ui/common/services-context';
import { LanguageProvider } from '../../../src/ui/i18n/language-context';
import LandingScreen from '../../../src/ui/landing/landing-screen';

export const release = (versionnumber: string, remark = '1. Faster nesting\n2. Remnant library'): CamRelease => ({
  id: versionnumber,
  filename: `${versionnumber}.zip`,
  type: '1',
  versionnumber,
  createtime: '2026-06-15 10:00:00',
  remark,
  fileurl: `/files/cam/${versionnumber}`,
});

export type ReleasesByType = Partial<Record<CamProductType, Envelope<CamRelease[] | string>>>;

export const NONE: Envelope<CamRelease[] | string> = { code: 200, info: '', ReturnData: '暂无数据', ReturnMsg: 'No release has been published yet' };

function Where() {
  const location = useLocation();
  return <div data-testid="where">{`${location.pathname}${location.search}`}</div>;
}

/** The landing page in a memory router, with fake releases and contact ports. */
export function renderLanding(options: { releases?: ReleasesByType; save?: Mock<HomeApiPort['saveContact']>; lang?: 'zh' | 'en' } = {}) {
  window.localStorage.setItem('lang', options.lang ?? 'en');
  const storage = new LocalStorageAdapter();
  const dialogs = new NoticeDialogStore();
  const getReleases = vi.fn(async (type: CamProductType, _lang: 'zh' | 'en') => options.releases?.[type] ?? NONE);
  const software = { getReleases } as unknown as SoftwareApiPort;
  const saveContact = options.save ?? vi.fn<HomeApiPort['saveContact']>(async () => ({ code: 200, info: 'submitted successfully' }));
  const home: HomeApiPort = { saveContact };
  const session = startSession({ storage, dialogs, reload: () => {}, logout: async () => {}, verify: async () => {} });
  const ports: Partial<PortMap> = { KeyValueStoragePort: storage, SoftwareApiPort: software, HomeApiPort: home };
  const services: UiServices = { port: (name) => ports[name] as never, session, dialogs };
  const router = createMemoryRouter(
    [
      { path: '/', Component: LandingScreen },
      { path: '*', Component: Where },
    ],
    { initialEntries: ['/'] },
  );
  const view = render(
    <ChakraProvider value={defaultSystem}>
      <ServicesProvider services={services}>
        <LanguageProvider storage={storage} browserLanguage="en-US">
          <RouterProvider router={router} />
        </LanguageProvider>
      </ServicesProvider>
    </ChakraProvider>,
  );
  return { ...view, getReleases, saveContact, router, storage };
}
