// @vitest-environment jsdom
// @isolated: one Chakra menu selection per module graph: in jsdom, Zag's menu ignores item clicks
// after another test's menu selection in the same module graph (Chromium does not).
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from './shell-harness';
import { pickMenuItem } from '../../support/menu-item';

const loggedIn = { token: 't', lang: 'en', user: JSON.stringify({ RealName: 'Ada Lovelace', UserId: 'u1' }) };

describe('portal shell language switch', () => {
  it('switches the language, stores it and keeps the section', async () => {
    const user = userEvent.setup();
    const { storage } = renderApp('/index/device', { stored: loggedIn });
    expect(await screen.findByText('Devices')).toBeTruthy();
    await pickMenuItem(user, 'language-switch', '简体中文');
    expect(await screen.findByText('我的设备', { selector: 'nav span' })).toBeTruthy();
    expect(storage.get('lang')).toBe('zh');
  });
});
