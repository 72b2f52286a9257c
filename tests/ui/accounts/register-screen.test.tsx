// @vitest-environment jsdom
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAccountsApi, renderAccounts } from './accounts-harness';

afterEach(() => {
  vi.useRealTimers();
});

async function typeInto(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, value: string) {
  await user.click(input);
  await user.paste(value);
}

async function fillForm(user: ReturnType<typeof userEvent.setup>, contact: string) {
  await typeInto(user, await screen.findByRole('textbox', { name: /^E-mail|^Mobile number|^邮箱|^手机号/ }), contact);
  await typeInto(user, screen.getByRole('textbox', { name: /^Address|^详细地址/ }), 'No. 1 Laser Road');
  const passwords = screen.getAllByPlaceholderText(/At least 8 characters|Enter the password again|至少 8 个字符|请再次输入密码/);
  for (const input of passwords) await typeInto(user, input, 'longenough');
}

// The countdown runs on real time in the tests without fake timers: on a loaded machine a second
// can pass before the check, and the button says 59, not 60.
const COUNTING_EN = /^Resend in \d+ s$/;

describe('register screen', () => {
  it('counts down after a code request and offers "not received" only when it ends', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { api } = renderAccounts('/Register?l=en');
    const contact = await screen.findByRole('textbox', { name: /^E-mail/ });
    await typeInto(user, contact, 'owner@laser.cn');
    await user.click(screen.getByTestId('code-button'));
    await waitFor(() => expect(screen.getByTestId('code-button').textContent).toBe('Resend in 60 s'));
    expect(api.requestCode).toHaveBeenCalledWith('email', 'owner@laser.cn', expect.anything());
    expect(contact.hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('code-button').hasAttribute('disabled')).toBe(true);
    expect(screen.queryByTestId('register-not-received')).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(screen.getByTestId('code-button').textContent).toBe('Resend in 30 s');
    expect(screen.queryByTestId('register-not-received')).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(screen.getByTestId('code-button').textContent).toBe('Get a new code');
    expect(screen.getByTestId('register-not-received')).toBeTruthy();
    expect(contact.hasAttribute('disabled')).toBe(false);
  });

  it('manual review: after the countdown, "not received" submits to SaveEmailErrorUser without a code', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { api, toasts, router } = renderAccounts('/Register?l=en');
    await fillForm(user, 'owner@laser.cn');
    await user.click(screen.getByTestId('code-button'));
    await waitFor(() => expect(screen.getByTestId('code-button').textContent).toBe('Resend in 60 s'));
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    await user.click(screen.getByText('I did not receive a code'));
    expect(screen.getByTestId('register-submit').textContent).toBe('Submit for review');
    await user.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/Login'));
    expect(api.register).not.toHaveBeenCalled();
    expect(api.registerForReview).toHaveBeenCalledTimes(1);
    const [payload] = api.registerForReview.mock.calls[0];
    expect(payload).toMatchObject({ Account: 'owner@laser.cn', Email: 'owner@laser.cn', IsDomestic: '0', CreateOrigin: '0' });
    expect(payload).not.toHaveProperty('EmailCode');
    expect(toasts).toContain('success:Registration submitted. You can sign in once our service team has approved it.');
  });

  it('validates in spec order and shows the message next to its field', async () => {
    const user = userEvent.setup();
    const { api } = renderAccounts('/Register?l=en');
    await user.click(await screen.findByTestId('register-submit'));
    expect(await screen.findByText('Email cannot be empty')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: /^E-mail/ }), 'not-an-email');
    await user.click(screen.getByTestId('register-submit'));
    expect(await screen.findByText('Password cannot be empty')).toBeTruthy();
    expect(api.register).not.toHaveBeenCalled();
    expect(api.lookUpEmail).not.toHaveBeenCalled();
  });

  it('registers with the code after the e-mail check', async () => {
    const user = userEvent.setup();
    const { api, toasts, router } = renderAccounts('/Register?l=en');
    await fillForm(user, 'owner@laser.cn');
    await user.click(screen.getByTestId('code-button'));
    await waitFor(() => expect(screen.getByTestId('code-button').textContent).toMatch(COUNTING_EN));
    await user.type(screen.getByRole('textbox', { name: /^Verification code/ }), '123456');
    await user.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/Login'));
    expect(api.lookUpEmail).toHaveBeenCalledWith('owner@laser.cn', expect.anything());
    expect(api.register).toHaveBeenCalledWith(expect.objectContaining({ EmailCode: '123456', Password: 'longenough' }), expect.anything());
    expect(toasts).toContain('success:register success');
  });

  it('shows "the email has been registered" when the lookup finds the address', async () => {
    const user = userEvent.setup();
    const api = fakeAccountsApi({ lookUpEmail: vi.fn(async () => ({ kind: 'taken' as const })) });
    renderAccounts('/Register?l=en', { api });
    await fillForm(user, 'owner@laser.cn');
    await user.click(screen.getByTestId('code-button'));
    await waitFor(() => expect(screen.getByTestId('code-button').textContent).toMatch(COUNTING_EN));
    await user.type(screen.getByRole('textbox', { name: /^Verification code/ }), '123456');
    await user.click(screen.getByTestId('register-submit'));
    expect(await screen.findByText('The email has been registered')).toBeTruthy();
    expect(api.register).not.toHaveBeenCalled();
  });

  it('l=zh_cn forces Chinese e-mail registration; the CAM offer follows a Chinese registration', async () => {
    const user = userEvent.setup();
    const { api, storage, router } = renderAccounts('/Register?l=zh_cn', { lang: 'en' });
    expect(await screen.findByRole('heading', { name: '注册账号' })).toBeTruthy();
    expect(storage.get('lang')).toBe('zh');
    await fillForm(user, 'owner@laser.cn');
    await user.click(screen.getByTestId('code-button'));
    await waitFor(() => expect(screen.getByTestId('code-button').textContent).toMatch(/^\d+ 秒后重新获取$/));
    await user.type(screen.getByRole('textbox', { name: /^验证码/ }), '123456');
    await user.click(screen.getByTestId('register-submit'));
    expect(await screen.findByTestId('cam-prompt')).toBeTruthy();
    expect(api.register).toHaveBeenCalledWith(expect.objectContaining({ IsDomestic: '1', Email: 'owner@laser.cn' }), expect.anything());
    await user.click(screen.getByTestId('cam-decline'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/Login'));
  });

  it('without l a Chinese page registers by phone', async () => {
    renderAccounts('/Register', { lang: 'zh' });
    expect(await screen.findByRole('textbox', { name: /^手机号/ })).toBeTruthy();
  });

  it('keeps the lower area levels disabled until their parent is chosen', async () => {
    const { api } = renderAccounts('/Register?l=en');
    await waitFor(() => expect(api.getAreas).toHaveBeenCalledWith({ level: 'nation', parentId: 0, language: 'en' }, expect.anything()));
    const province = screen.getByRole('combobox', { name: 'Province / state' });
    expect(province.hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('combobox', { name: 'Country / region' }).hasAttribute('disabled')).toBe(false);
  });
});
