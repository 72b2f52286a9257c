// @vitest-environment jsdom
// @isolated: one Chakra menu selection per module graph: in jsdom, Zag's menu ignores item clicks
// after another test's menu selection in the same module graph (Chromium does not).
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from './shell-harness';
import { pickMenuItem } from '../../support/menu-item';

const loggedIn = { token: 't', lang: 'en', user: JSON.stringify({ RealName: 'Ada Lovelace', UserId: 'u1' }) };

describe('portal shell', () => {
  it('restores the section stored under `router`', async () => {
    const { router } = renderApp('/index', { stored: { ...loggedIn, router: 'task' } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/task'));
    expect(await screen.findByTestId('task-page')).toBeTruthy();
  });

  it('opens device when nothing (or nonsense) is stored', async () => {
    const { router } = renderApp('/index', { stored: { ...loggedIn, router: 'nonsense' } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/device'));
  });

  it('restores the chat section under the brand name', async () => {
    const { router } = renderApp('/index', { stored: { ...loggedIn, router: 'gpt' } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/LaserGpt'));
  });

  it('lists every section and remembers the one opened', async () => {
    const user = userEvent.setup();
    const { storage, router } = renderApp('/index/device', { stored: loggedIn });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const links = [...nav.querySelectorAll('a')].map((a) => a.getAttribute('data-section'));
    expect(links).toEqual(['device', 'task', 'software', 'cam', 'knowledge', 'use', 'repair', 'maintenance', 'file', 'gpt']);
    expect(storage.get('router')).toBe('device');
    await user.click(screen.getByText('Knowledge'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/knowledge'));
    await waitFor(() => expect(storage.get('router')).toBe('knowledge'));
  });

  it('opens the chat from the floating assistant', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/index/device', { stored: loggedIn });
    await user.click(await screen.findByTestId('assistant-button'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/LaserGpt'));
    await waitFor(() => expect(screen.queryByTestId('assistant-button')).toBeNull());
  });

  it('goes to the user centre from the avatar menu', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/index/device', { stored: loggedIn });
    await pickMenuItem(user, 'account-menu', 'User Center');
    await waitFor(() => expect(router.state.location.pathname).toBe('/usercenter'));
  });
});
