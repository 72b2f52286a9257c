// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from './shell-harness';

describe('routes and guard', () => {
  it('sends a visitor without a token from a logged-in page to /Login', async () => {
    const { router } = renderApp('/index/device');
    await waitFor(() => expect(router.state.location.pathname).toBe('/Login'));
    expect(await screen.findByTestId('area-placeholder')).toBeTruthy();
  });

  it('sends a logged-in user away from /Login to the landing page', async () => {
    const { router } = renderApp('/Login', { stored: { token: 't' } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('Open my console', { selector: 'a' }, { timeout: 3000 })).toBeTruthy();
  });

  it('opens the public pages without a token', async () => {
    for (const path of ['/visitor/software', '/folder/3', '/bodornest1.5/true', '/Information', '/']) {
      const { router, unmount } = renderApp(path);
      await screen.findByText(/./, { selector: 'h1' });
      expect(router.state.location.pathname).toBe(path);
      unmount();
    }
  });

  it('answers the chat section at /index/LaserGpt and /index/gpt', async () => {
    for (const path of ['/index/LaserGpt', '/index/gpt']) {
      const { unmount } = renderApp(path, { stored: { token: 't' } });
      const placeholder = await screen.findByTestId('area-placeholder');
      expect(placeholder.getAttribute('data-area')).toBe('gpt');
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('LaserGpt assistant');
      unmount();
    }
  });

  it('shows the not-found page for an unknown path when logged in', async () => {
    renderApp('/no/such/page', { stored: { token: 't' } });
    expect(await screen.findByText('Page not found')).toBeTruthy();
  });
});
