// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from './shell-harness';

describe('routes and guard', () => {
  it('sends a visitor without a token from a logged-in page to /Login', async () => {
    const { router } = renderApp('/index/device');
    await waitFor(() => expect(router.state.location.pathname).toBe('/Login'));
    // The login screen (accounts area) renders in place of the section.
    await waitFor(() => expect(screen.queryByTestId('area-placeholder')).toBeNull());
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
  });

  it('sends a logged-in user away from /Login to the landing page', async () => {
    const { router } = renderApp('/Login', { stored: { token: 't' } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect((await screen.findAllByText('Open my console', { selector: 'a' })).length).toBeGreaterThan(0);
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
      // The chat page (issue 20): its heading and the 4-row question box.
      await screen.findByTestId('chat-page');
      expect(screen.getByRole('heading', { name: 'AI assistant' })).toBeTruthy();
      expect(screen.getByTestId('chat-input').getAttribute('rows')).toBe('4');
      unmount();
    }
  });

  it('shows the not-found page for an unknown path when logged in', async () => {
    renderApp('/no/such/page', { stored: { token: 't' } });
    expect(await screen.findByText('Page not found')).toBeTruthy();
  });
});
