// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import InformationScreen from '../../../src/ui/software/information-screen';
import { fakeSoftwareApi, renderPages } from './software-harness';
import { enterText } from '../../support/enter-text';

const routes = [{ path: '/Information', Component: InformationScreen }];

describe('CAM customer information form', () => {
  it('names every missing field without calling the server', async () => {
    const user = userEvent.setup();
    const { api } = renderPages('/Information', routes);
    await user.click(await screen.findByTestId('information-submit'));
    for (const text of [
      'Please enter a contact name',
      'Please enter a phone number',
      'Please enter an email address',
      'Please enter the company name',
      'Please enter the company address',
    ]) {
      expect(await screen.findByText(text)).toBeTruthy();
    }
    expect(screen.getByTestId('information-summary')).toBeTruthy();
    expect(api.saveCamCustomer).not.toHaveBeenCalled();
  });

  it('checks the e-mail and phone formats, in Chinese too', async () => {
    const user = userEvent.setup();
    const { api } = renderPages('/Information', routes, { lang: 'zh' });
    await enterText(user, await screen.findByLabelText(/^联系人/), '李雷');
    await enterText(user, screen.getByLabelText(/^联系电话/), 'abc');
    await enterText(user, screen.getByLabelText(/^电子邮箱/), 'li@laser');
    await enterText(user, screen.getByLabelText(/^公司名称/), '激光科技');
    await enterText(user, screen.getByLabelText(/^公司地址/), '济南市');
    await user.click(screen.getByTestId('information-submit'));
    expect(await screen.findByText('请输入正确的邮箱格式')).toBeTruthy();
    expect(screen.getByText('请输入正确的手机号格式')).toBeTruthy();
    expect(api.saveCamCustomer).not.toHaveBeenCalled();
    // The message goes once the field is right.
    await user.clear(screen.getByLabelText(/^电子邮箱/));
    await enterText(user, screen.getByLabelText(/^电子邮箱/), 'li@laser.cn');
    await waitFor(() => expect(screen.queryByText('请输入正确的邮箱格式')).toBeNull());
  });

  it('saves with SaveCamCustomer and shows the success message', async () => {
    const user = userEvent.setup();
    const { api, toasts } = renderPages('/Information', routes);
    await enterText(user, await screen.findByLabelText(/^Contact name/), 'Li Lei');
    await enterText(user, screen.getByLabelText(/^Phone/), '+86 531-88881234');
    await enterText(user, screen.getByLabelText(/^Email/), 'li@laser.cn');
    await enterText(user, document.querySelector<HTMLInputElement>('input[name="companyName"]')!, 'Laser Works');
    await enterText(user, screen.getByLabelText(/^Company address/), 'No. 1 Road, Jinan');
    await user.click(screen.getByTestId('information-submit'));
    expect((await screen.findByTestId('information-success')).textContent).toContain('submitted successfully');
    expect(api.saveCamCustomer).toHaveBeenCalledWith(
      { userName: 'Li Lei', phone: '+86 531-88881234', email: 'li@laser.cn', companyName: 'Laser Works', address: 'No. 1 Road, Jinan' },
      expect.anything(),
    );
    expect(toasts).toContain('success:submitted successfully');
  });

  it('shows the server refusal next to the form', async () => {
    const user = userEvent.setup();
    const api = fakeSoftwareApi({ saveCamCustomer: vi.fn(async () => ({ kind: 'refused' as const, message: 'Phone format is wrong' })) });
    renderPages('/Information', routes, { api });
    await enterText(user, await screen.findByLabelText(/^Contact name/), 'Li Lei');
    await enterText(user, screen.getByLabelText(/^Phone/), '13800138000');
    await enterText(user, screen.getByLabelText(/^Email/), 'li@laser.cn');
    await enterText(user, document.querySelector<HTMLInputElement>('input[name="companyName"]')!, 'Laser Works');
    await enterText(user, screen.getByLabelText(/^Company address/), 'Jinan');
    await user.click(screen.getByTestId('information-submit'));
    expect((await screen.findByTestId('information-server-error')).textContent).toContain('Phone format is wrong');
    expect(screen.queryByTestId('information-success')).toBeNull();
  });
});
