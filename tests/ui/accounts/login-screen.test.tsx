// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { refused } from '../../../src/domain/shared/refused';
import { fakeAccountsApi, renderAccounts, USER } from './accounts-harness';
import { enterText } from '../../support/enter-text';

describe('login screen', () => {
  it('says what is missing, in order, without calling the server', async () => {
    const user = userEvent.setup();
    const { api } = renderAccounts('/login');
    await user.click(await screen.findByTestId('login-submit'));
    expect(await screen.findByText('Account cannot be empty')).toBeTruthy();
    await enterText(user, screen.getByLabelText('Account'), 'owner@laser.cn');
    await user.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('Password cannot be empty')).toBeTruthy();
    expect(screen.queryByText('Account cannot be empty')).toBeNull();
    expect(api.login).not.toHaveBeenCalled();
  });

  it('shows the messages in Chinese', async () => {
    const user = userEvent.setup();
    renderAccounts('/Login', { lang: 'zh' });
    await user.click(await screen.findByTestId('login-submit'));
    expect(await screen.findByText('账号不能为空')).toBeTruthy();
  });

  it('stores user and userId but no token (the session is the HttpOnly cookie, ADR 0014), then opens the device section', async () => {
    const user = userEvent.setup();
    const { api, storage, session, toasts } = renderAccounts('/login');
    await enterText(user, await screen.findByLabelText('Account'), 'owner@laser.cn');
    await enterText(user, screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByTestId('login-submit'));
    expect(await screen.findByTestId('where')).toHaveProperty('textContent', '/index/device');
    expect(api.login).toHaveBeenCalledWith({ account: 'owner@laser.cn', password: 'secret-pass' }, expect.anything());
    expect(storage.get('token')).toBeNull();
    expect(storage.get('userId')).toBe('u-42');
    const { Token: _token, ...kept } = USER;
    expect(JSON.parse(storage.get('user') ?? '{}')).toEqual(kept);
    expect(session.getSnapshot().matches('loggedIn')).toBe(true);
    expect(toasts).toContain('success:login success');
  });

  it('shows the server answer when the login is refused', async () => {
    const user = userEvent.setup();
    const api = fakeAccountsApi({ login: vi.fn(async () => refused('Wrong account or password')) });
    const { storage } = renderAccounts('/login', { api });
    await enterText(user, await screen.findByLabelText('Account'), '13800138000');
    await enterText(user, screen.getByLabelText('Password'), 'nope-nope');
    await user.click(screen.getByTestId('login-submit'));
    expect((await screen.findByTestId('login-error')).textContent).toContain('Wrong account or password');
    expect(api.login).toHaveBeenCalledWith({ account: '13800138000', password: 'nope-nope' }, expect.anything());
    expect(storage.get('token')).toBeNull();
  });

  it('links to registration and lets a visitor in', async () => {
    const user = userEvent.setup();
    const { storage } = renderAccounts('/login');
    expect((await screen.findByTestId('login-register')).getAttribute('href')).toBe('/Register');
    await user.click(screen.getByTestId('login-visitor'));
    expect(await screen.findByTestId('where')).toHaveProperty('textContent', '/visitor/software');
    expect(storage.get('isVisitor')).toBe('true');
  });

  describe('after the page\'s first screen from the build (ADR 0023)', () => {
    /** The copy as the server paints it, with what the visitor did there before the app ran. */
    function paintedCopy({ submitted }: { submitted: boolean }) {
      document.body.innerHTML = `<div id="first-screen" data-paths="/login"${submitted ? ' data-submitted' : ''}><form><input name="account"><input name="password" type="password"></form></div>`;
      (document.querySelector('input[name=account]') as HTMLInputElement).value = 'owner@laser.cn';
      const password = document.querySelector('input[name=password]') as HTMLInputElement;
      password.value = 'secret-pass';
      password.focus();
    }

    it('goes on with what was typed there, in the field that had the focus, and drops the copy', async () => {
      paintedCopy({ submitted: false });
      const { api } = renderAccounts('/login');
      const account = (await screen.findByLabelText('Account')) as HTMLInputElement;
      expect(document.getElementById('first-screen')).toBeNull();
      expect(account.value).toBe('owner@laser.cn');
      expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('secret-pass');
      expect(document.activeElement).toBe(screen.getByLabelText('Password'));
      expect(api.login).not.toHaveBeenCalled();
    });

    it('sends the form that was sent there', async () => {
      paintedCopy({ submitted: true });
      const { api } = renderAccounts('/login');
      expect(await screen.findByTestId('where')).toHaveProperty('textContent', '/index/device');
      expect(api.login).toHaveBeenCalledWith({ account: 'owner@laser.cn', password: 'secret-pass' }, expect.anything());
    });
  });

  it('opens the password reset dialog, sends a code and resets with it', async () => {
    const user = userEvent.setup();
    const { api, toasts } = renderAccounts('/login');
    await user.click(await screen.findByTestId('login-forgot'));
    const dialog = await screen.findByTestId('password-reset-dialog');
    const submit = within(dialog).getByTestId('reset-submit');
    expect(submit.hasAttribute('disabled')).toBe(true);
    await enterText(user, within(dialog).getByLabelText(/^Account/), 'owner@laser.cn');
    await user.click(within(dialog).getByTestId('code-button'));
    await waitFor(() => expect(within(dialog).getByTestId('code-button').textContent).toMatch(/^Resend in \d+ s$/)); // real time: 59 once a second has passed
    expect(api.requestCode).toHaveBeenCalledWith('email', 'owner@laser.cn', expect.anything());
    await enterText(user, within(dialog).getByLabelText(/^Verification code/), '123456');
    expect(submit.hasAttribute('disabled')).toBe(false);
    await enterText(user, within(dialog).getByLabelText(/^New password/), 'brand-new-pw');
    await enterText(user, within(dialog).getByLabelText(/^Confirm new password/), 'brand-new-pw');
    await user.click(submit);
    await waitFor(() => expect(screen.queryByTestId('password-reset-dialog')).toBeNull());
    expect(api.resetPassword).toHaveBeenCalledWith(
      { account: 'owner@laser.cn', code: '123456', password: 'brand-new-pw', confirmation: 'brand-new-pw' },
      expect.anything(),
    );
    expect(toasts).toContain('success:Modified Successfully');
  });
});
