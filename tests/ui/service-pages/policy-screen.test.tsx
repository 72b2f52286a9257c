// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import PolicyScreen from '../../../src/ui/service-pages/policy-screen';
import { fakeSoftwareApi, renderPages } from '../software/software-harness';

const routes = [{ path: '/policy', Component: PolicyScreen }];

describe('warranty policy page', () => {
  it('shows the laser cutting machine rule with its three sections, then switches tabs', async () => {
    const user = userEvent.setup();
    const { api } = renderPages('/policy', routes);
    expect((await screen.findByTestId('policy-title')).textContent).toBe('Laser cutting machine warranty');
    expect(api.getWarrantyRule).toHaveBeenCalledWith('0', 'en', expect.anything());
    expect(screen.getByText('Laser source covered for 2 years')).toBeTruthy();
    // HTML is shown as text lines, never rendered.
    expect(screen.getByText('Consumables')).toBeTruthy();
    expect(screen.getByText('Damage from misuse')).toBeTruthy();
    expect(screen.getByText('Diagnose')).toBeTruthy();
    expect(document.querySelectorAll('[data-section]')).toHaveLength(3);

    await user.click(screen.getByTestId('policy-tab-1'));
    await waitFor(() => expect(screen.getByTestId('policy-title').textContent).toBe('Hand-held welding warranty'));
    expect(api.getWarrantyRule).toHaveBeenCalledWith('1', 'en', expect.anything());
    expect(screen.getByText('Welding head covered for 1 year')).toBeTruthy();

    // Back to the first tab: already loaded, no new call.
    await user.click(screen.getByTestId('policy-tab-0'));
    await waitFor(() => expect(screen.getByTestId('policy-title').textContent).toBe('Laser cutting machine warranty'));
    expect(api.getWarrantyRule).toHaveBeenCalledTimes(2);
  });

  it('shows the empty answer in Chinese', async () => {
    const api = fakeSoftwareApi({ getWarrantyRule: vi.fn(async () => ({ kind: 'none' as const, message: '暂无数据' })) });
    renderPages('/policy', routes, { api, lang: 'zh' });
    expect((await screen.findByTestId('policy-empty')).textContent).toContain('暂无该设备类型的质保政策');
    expect(screen.getByTestId('policy-tab-0').textContent).toBe('激光切割机');
    expect(screen.getByTestId('policy-tab-1').textContent).toBe('手持焊接机');
  });
});
