// @vitest-environment jsdom
import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LanguageProvider, useLanguage, useT } from '../../../src/ui/i18n/language-context';
import { hasAskedMessages, loadMessages } from '../../../src/ui/i18n/load-messages';

function Probe({ onReady }: { onReady?: (set: (l: 'zh' | 'en') => void) => void }) {
  const { language, setLanguage } = useLanguage();
  const t = useT();
  onReady?.(setLanguage);
  return <p data-testid="probe">{`${language}:${t('common.ok')}`}</p>;
}

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return { values, get: (key: string) => values.get(key) ?? null, set: (key: string, value: string) => void values.set(key, value) };
}

describe('LanguageProvider', () => {
  it('paints in the resolved language at once (query over stored over browser), then stores it', async () => {
    const storage = memoryStorage({ lang: 'zh' });
    render(
      <LanguageProvider storage={storage} query="?lan=en" browserLanguage="zh-CN">
        <Probe />
      </LanguageProvider>,
    );
    expect(screen.getByTestId('probe').textContent).toBe('en:OK');
    await waitFor(() => expect(storage.values.get('lang')).toBe('en'));
    expect(document.documentElement.lang).toBe('en');
  });

  it('applies a switch asked for before the language machine has loaded', async () => {
    const storage = memoryStorage();
    let setLanguage!: (l: 'zh' | 'en') => void;
    render(
      <LanguageProvider storage={storage} browserLanguage="en-US">
        <Probe onReady={(set) => (setLanguage = set)} />
      </LanguageProvider>,
    );
    act(() => setLanguage('zh'));
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('zh:确定'));
    expect(storage.values.get('lang')).toBe('zh');
  });

  it('switches and stores the language once the machine runs', async () => {
    const storage = memoryStorage({ lang: 'en' });
    let setLanguage!: (l: 'zh' | 'en') => void;
    render(
      <LanguageProvider storage={storage}>
        <Probe onReady={(set) => (setLanguage = set)} />
      </LanguageProvider>,
    );
    await waitFor(() => expect(storage.values.get('lang')).toBe('en'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    act(() => setLanguage('zh'));
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('zh:确定'));
    expect(storage.values.get('lang')).toBe('zh');
  });

  // Last in the file: it asks for an area, which stays asked for.
  it('shows a switched language only once the areas the pages asked for have their messages in it', async () => {
    await loadMessages('en', ['chat']);
    expect(hasAskedMessages('zh')).toBe(false);
    const storage = memoryStorage({ lang: 'en' });
    let setLanguage!: (l: 'zh' | 'en') => void;
    const shown: Array<[string, boolean]> = [];
    function Recorder() {
      const { language } = useLanguage();
      shown.push([language, hasAskedMessages(language)]);
      return null;
    }
    render(
      <LanguageProvider storage={storage}>
        <Probe onReady={(set) => (setLanguage = set)} />
        <Recorder />
      </LanguageProvider>,
    );
    await waitFor(() => expect(storage.values.get('lang')).toBe('en'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    act(() => setLanguage('zh'));
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('zh:确定'));
    expect(hasAskedMessages('zh')).toBe(true);
    expect(shown.filter(([, complete]) => !complete)).toEqual([]);
  });
});
