import { fake, renderRoutes } from '../../support/render-routes';
import type { ComponentType } from 'react';
import { vi, type Mock } from 'vitest';
import type { CamRelease } from '../../../src/domain/cam/software-catalog';
import type { WarrantyMachineType } from '../../../src/domain/cam/warranty-policy.machine';
import { SoftwareApiToken } from '../../../src/ports/api-tokens';
import type { SoftwareApiPort } from '../../../src/ports/software-api.port';

export const NEST_RELEASE: CamRelease = {
  id: 31,
  filename: 'LaserNest-2.0.4-setup.exe',
  type: 1,
  versionnumber: '2.0.4',
  createtime: '2026-10-12T08:00:00Z',
  remark: 'Faster automatic nesting\nCommon-line cutting for thin sheet',
  fileurl: '/files/cam/31/LaserNest-2.0.4-setup.exe',
};

export type FakeSoftwareApi = { [K in keyof SoftwareApiPort]: Mock<SoftwareApiPort[K]> };

/** A SoftwareApiPort whose every call is a spy answering success. */
export function fakeSoftwareApi(overrides: Partial<FakeSoftwareApi> = {}): FakeSoftwareApi {
  return {
    getLatestRelease: vi.fn<SoftwareApiPort['getLatestRelease']>(async () => ({ kind: 'release', release: NEST_RELEASE })),
    insertDownload: vi.fn<SoftwareApiPort['insertDownload']>(async () => ({ kind: 'recorded' })),
    allowInsertDownload: vi.fn<SoftwareApiPort['allowInsertDownload']>(async () => ({ kind: 'recorded' })),
    saveCamCustomer: vi.fn<SoftwareApiPort['saveCamCustomer']>(async () => ({ kind: 'accepted' })),
    getWarrantyRule: vi.fn<SoftwareApiPort['getWarrantyRule']>(async (machineType: WarrantyMachineType) => ({
      kind: 'rule',
      rule: {
        Id: Number(machineType) + 1,
        MachineType: machineType,
        Title: machineType === '0' ? 'Laser cutting machine warranty' : 'Hand-held welding warranty',
        WarrantyScope: machineType === '0' ? 'Laser source covered for 2 years' : 'Welding head covered for 1 year',
        NotWarrantyScope: '<p>Consumables</p><p>Damage from misuse</p>',
        ServiceProcess: 'Report\nDiagnose\nRepair',
      },
    })),
    ...overrides,
  };
}

/** Routes of the software and service pages in a memory router, with a fake software API and recorded toasts. */
export function renderPages(
  path: string,
  routes: Array<{ path: string; Component: ComponentType }>,
  options: { api?: FakeSoftwareApi; lang?: 'zh' | 'en' } = {},
) {
  const api = options.api ?? fakeSoftwareApi();
  return { ...renderRoutes(path, routes, { fakes: [fake(SoftwareApiToken, api)], lang: options.lang }), api };
}
