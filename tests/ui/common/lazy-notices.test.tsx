// @vitest-environment jsdom
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LazyToaster, lazyToastSink } from '../../../src/ui/common/lazy-toaster';
import { NoticeDialogStore } from '../../../src/ui/common/notice-dialogs.store';
import { NoticeDialogsHost } from '../../../src/ui/common/notice-dialogs-host';
import { ServicesProvider, type UiServices } from '../../../src/ui/common/services-context';
import { LanguageProvider } from '../../../src/ui/i18n/language-context';

// The toaster and the blocking dialogs are not part of the first load: their code comes with the
// first toast or dialog. What was asked for before it arrived still shows.

function renderNotices(dialogs = new NoticeDialogStore()) {
  const services: UiServices = {
    get: () => {
      throw new Error('no container in this test');
    },
    get session(): never {
      throw new Error('no session in this test');
    },
    dialogs,
  };
  render(
    <ChakraProvider value={defaultSystem}>
      <ServicesProvider services={services}>
        <LanguageProvider storage={{ get: () => 'en', set: () => {} }}>
          <NoticeDialogsHost />
          <LazyToaster />
        </LanguageProvider>
      </ServicesProvider>
    </ChakraProvider>,
  );
  return { dialogs };
}

describe('toaster and dialogs loaded on demand', () => {
  it('shows a toast asked for before the toaster had loaded', async () => {
    renderNotices();
    lazyToastSink.create({ type: 'error', title: 'The request took too long', closable: true });
    expect(await screen.findByText('The request took too long')).toBeTruthy();
  });

  it('renders no dialog until one is asked for, then the dialog', async () => {
    const { dialogs } = renderNotices();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    act(() => dialogs.show('networkFailed'));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Network connection failed');
  });
});
