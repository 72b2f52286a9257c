// @vitest-environment jsdom
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from './shell-harness';

const wide = window.innerWidth;
afterEach(() => {
  window.innerWidth = wide;
});

describe('visitor shell', () => {
  it('shows the product name, version and the three tabs', async () => {
    renderApp('/visitor/software', { stored: { lang: 'en' } });
    expect(await screen.findByText('Laser Service Portal')).toBeTruthy();
    expect(screen.getByTestId('visitor-version').textContent).toBe('V1.0');
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Technical support', 'Knowledge base', 'Download center']);
  });

  it('switches tabs by route', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/visitor/software', { stored: { lang: 'en' } });
    await user.click(await screen.findByRole('tab', { name: 'Download center' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/visitor/download'));
  });

  it('opens technical support for /visitor', async () => {
    const { router } = renderApp('/visitor');
    await waitFor(() => expect(router.state.location.pathname).toBe('/visitor/software'));
  });

  it('exit clears local storage except the language and goes to the landing page', async () => {
    const user = userEvent.setup();
    const { storage, router } = renderApp('/visitor/knowledge', {
      stored: { lang: 'zh', token: 't', user: '{}', router: 'task', series: 'M' },
    });
    await user.click(await screen.findByTestId('visitor-exit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(storage.get('lang')).toBe('zh');
    expect(window.localStorage.length).toBe(1);
  });

  it('points narrow screens to the mobile app with a QR code, and can be dismissed', async () => {
    const user = userEvent.setup();
    window.innerWidth = 375;
    renderApp('/visitor/software', { stored: { lang: 'en' } });
    const dialog = await screen.findByTestId('mobile-app-dialog');
    expect(dialog.textContent).toContain('Try the mobile app');
    const qr = await screen.findByAltText('QR code of the Laser service mini program', {}, { timeout: 3000 });
    // The portal makes it from the brand's address for the language (src/server/spa/mini-program-qr.ts), at its size from the first frame.
    expect(qr.getAttribute('src')).toBe('/app/mini-program-qr/en.svg');
    await user.click(screen.getByRole('button', { name: 'Continue in the browser' }));
    await waitFor(() => expect(screen.queryByTestId('mobile-app-dialog')).toBeNull());
  });

  it('shows no mobile dialog on wide screens', async () => {
    renderApp('/visitor/software', { stored: { lang: 'en' } });
    await screen.findAllByRole('tab');
    await act(async () => {});
    expect(screen.queryByTestId('mobile-app-dialog')).toBeNull();
  });
});
