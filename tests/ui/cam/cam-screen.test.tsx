// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CamStanding, LicencesAnswer, LicenceView } from '../../../src/domain/cam/cam-page.machine';
import type { ExchangeAccess } from '../../../src/domain/cam/licence-exchange';
import type { CamLicencesApiPort } from '../../../src/ports/cam-licences-api.port';
import type { SoftwareApiPort } from '../../../src/ports/software-api.port';
import { CamLicencesApiToken, SoftwareApiToken } from '../../../src/ports/api-tokens';
import { CamSection } from '../../../src/ui/cam/cam-screen';
import { fake, renderRoutes } from '../../support/render-routes';

const NOW = Date.UTC(2026, 10, 21, 8);
const DAY = 86_400_000;

const licence: LicenceView = {
  licenceNo: 'N1',
  offerId: 250626,
  product: 'nest',
  startTime: NOW - 300 * DAY,
  endTime: NOW + 5 * DAY,
  expiredTime: NOW + 5 * DAY,
  firstUseTime: null,
  creationTime: NOW - 301 * DAY,
  version: 'Nest V2.0',
  email: 'li@laser.internal',
  isOldUser: false,
};

const standing = (access: Partial<ExchangeAccess>, points = 5000): CamStanding => ({
  access: { oldUser: false, internal: false, confirmed: false, hasEmail: true, ...access },
  points,
  cost: access.oldUser ? 300 : 3000,
  now: NOW,
});

function camApi(load: () => LicencesAnswer, overrides: Partial<CamLicencesApiPort> = {}) {
  return {
    loadLicences: vi.fn(async () => load()),
    confirmAccount: vi.fn(async () => ({ kind: 'confirmed' as const })),
    exchange: vi.fn(async () => ({ kind: 'refused' as const, reason: 'other' as const, message: '' })),
    ...overrides,
  };
}

const software: SoftwareApiPort = {
  getLatestRelease: async () => ({ kind: 'none', message: '' }),
  insertDownload: async () => ({ kind: 'recorded' }),
  allowInsertDownload: async () => ({ kind: 'recorded' }),
  saveCamCustomer: async () => ({ kind: 'accepted' }),
  getWarrantyRule: async () => ({ kind: 'refused', message: '' }),
};

const renderCam = (api: CamLicencesApiPort, lang: 'zh' | 'en' = 'en') =>
  renderRoutes('/index/cam', [{ path: '/index/cam', Component: CamSection }], { fakes: [fake(CamLicencesApiToken, api), fake(SoftwareApiToken, software)], lang });

describe('the CAM page', () => {
  it('asks an internal-domain user to confirm name and account in the drawer (index.jobErr), then shows the exchange table', async () => {
    let confirmed = false;
    const api = camApi(() => ({ kind: 'loaded', licences: [licence], standing: standing({ internal: true, confirmed }) }), {
      confirmAccount: vi.fn(async () => {
        confirmed = true;
        return { kind: 'confirmed' as const };
      }),
    });
    renderCam(api);
    await screen.findByTestId('cam-confirm-drawer');
    expect(screen.queryByTestId('cam-exchange')).toBeNull();
    await userEvent.click(screen.getByTestId('cam-confirm-submit'));
    expect((await screen.findByTestId('cam-confirm-joberr')).textContent).toContain('Name and account are both required');
    expect(screen.getAllByText('Please enter your name').length).toBeGreaterThan(0);
    expect(api.confirmAccount).not.toHaveBeenCalled();
    await userEvent.type(screen.getByRole('textbox', { name: /Name/ }), 'Li Lei');
    await userEvent.type(screen.getByRole('textbox', { name: /Account/ }), 'li@laser.internal');
    await userEvent.click(screen.getByTestId('cam-confirm-submit'));
    await screen.findByTestId('cam-exchange');
    expect(api.confirmAccount).toHaveBeenCalledWith({ realName: 'Li Lei', account: 'li@laser.internal' }, expect.anything());
    expect((screen.getByTestId('cam-exchange-cost')).textContent).toContain('3000 points');
  });

  it('sends a user without an e-mail to the user centre', async () => {
    const { router } = renderCam(camApi(() => ({ kind: 'loaded', licences: [], standing: standing({ hasEmail: false }) })));
    await userEvent.click(await screen.findByTestId('cam-no-email-go'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/usercenter'));
  });

  it('warns with camWarn when there are no licences, and hides the exchange table from ordinary customers', async () => {
    const { toasts } = renderCam(camApi(() => ({ kind: 'loaded', licences: [], standing: standing({}) })), 'zh');
    expect((await screen.findByTestId('cam-warn')).textContent).toContain('暂未查询到您账号下的授权信息');
    await waitFor(() => expect(toasts).toContain('warning:暂未查询到您账号下的授权信息'));
    expect(screen.queryByTestId('cam-exchange')).toBeNull();
  });

  it('shows "no video yet" for the tube cards', async () => {
    const { toasts } = renderCam(camApi(() => ({ kind: 'loaded', licences: [licence], standing: standing({ oldUser: true }) })));
    await userEvent.click(await screen.findByTestId('cam-video-tube10'));
    expect(toasts).toContain('warning:no video yet');
  });
});
