// @vitest-environment jsdom
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from './shell-harness';

describe('notice dialogs', () => {
  it('shows the login-expired dialog once for many expired calls; confirm clears all but lang and reloads', async () => {
    const user = userEvent.setup();
    const { notifier, storage, calls } = renderApp('/index/device', { stored: { token: 't', lang: 'en', user: '{}' } });
    await screen.findByTestId('fleet');
    act(() => {
      for (let i = 0; i < 4; i++) notifier.dialog('loginExpired');
    });
    const dialogs = await screen.findAllByRole('alertdialog');
    expect(dialogs).toHaveLength(1);
    expect(dialogs[0].textContent).toContain('Tips');
    expect(dialogs[0].textContent).toContain('Login has expired, please log in again');
    await user.click(screen.getByRole('button', { name: 'log in again' }));
    expect(calls.reload).toBe(1);
    expect(storage.get('token')).toBeNull();
    expect(storage.get('lang')).toBe('en');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('shows the network dialog in Chinese and closes it with OK', async () => {
    const user = userEvent.setup();
    const { notifier } = renderApp('/', { stored: { lang: 'zh' } });
    await screen.findByText(/./, { selector: 'h1' });
    act(() => notifier.dialog('networkFailed'));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('网络连接失败');
    expect(dialog.textContent).toContain('请检查您的网络连接');
    await user.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });
});
