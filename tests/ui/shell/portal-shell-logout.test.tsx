// @vitest-environment jsdom
// @isolated: one Chakra menu selection per module graph: in jsdom, Zag's menu ignores item clicks
// after another test's menu selection in the same module graph (Chromium does not).
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from './shell-harness';
import { pickMenuItem } from '../../support/menu-item';

const loggedIn = { token: 't', lang: 'en', user: JSON.stringify({ RealName: 'Ada Lovelace', UserId: 'u1' }) };

describe('portal shell logout', () => {
  it('logs out from the avatar menu: server logout, storage cleared but lang, back to /', async () => {
    const user = userEvent.setup();
    const { storage, router, calls } = renderApp('/index/device', { stored: loggedIn });
    await pickMenuItem(user, 'account-menu', 'Log Out');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.logout).toBe(1);
    expect(storage.get('token')).toBeNull();
    expect(storage.get('user')).toBeNull();
    expect(storage.get('lang')).toBe('en');
  });
});
