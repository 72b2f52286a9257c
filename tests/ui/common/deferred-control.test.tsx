// @vitest-environment jsdom
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DeferredControl } from '../../../src/ui/common/deferred-control';
import { deferredModule, useDeferredModule } from '../../../src/ui/common/deferred-module';

/** A module whose load resolves when the test says so. */
function controlledModule() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const module = deferredModule(async () => {
    await gate;
    return {
      Counter: function Counter() {
        const [clicks, setClicks] = useState(0);
        return <button onClick={() => setClicks((n) => n + 1)}>{`real ${clicks}`}</button>;
      },
    };
  });
  return { module, release };
}

describe('DeferredControl', () => {
  it('shows the placeholder, then the real control once its code has loaded', async () => {
    const { module, release } = controlledModule();
    render(<DeferredControl module={module} render={(m) => <m.Counter />} placeholder={<button>placeholder</button>} />);
    expect(screen.getByRole('button').textContent).toBe('placeholder');
    await act(async () => release());
    expect((await screen.findByRole('button', { name: 'real 0' })).textContent).toBe('real 0');
  });

  it('passes a click on the placeholder on to the real control', async () => {
    const user = userEvent.setup();
    const { module, release } = controlledModule();
    render(<DeferredControl module={module} render={(m) => <m.Counter />} placeholder={<button>placeholder</button>} />);
    await user.click(screen.getByRole('button', { name: 'placeholder' }));
    await act(async () => release());
    const real = await screen.findByRole('button', { name: 'real 1' });
    expect(document.activeElement).toBe(real);
  });

  it('opens a Chakra menu that was clicked before its code arrived', async () => {
    const user = userEvent.setup();
    const { LanguageButton } = await import('../../../src/ui/landing/landing-nav-buttons');
    const { LanguageProvider } = await import('../../../src/ui/i18n/language-context');
    const storage = new Map<string, string>();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const module = deferredModule(async () => {
      await gate;
      return import('../../../src/ui/common/language-switch');
    });
    render(
      <ChakraProvider value={defaultSystem}>
        <LanguageProvider storage={{ get: (k) => storage.get(k) ?? null, set: (k, v) => void storage.set(k, v) }} browserLanguage="en-US">
          <DeferredControl module={module} render={(m) => <m.LanguageSwitch />} placeholder={<LanguageButton language="en" label="Language" />} />
        </LanguageProvider>
      </ChakraProvider>,
    );
    await user.click(screen.getByTestId('language-switch'));
    await act(async () => release());
    expect(await screen.findByRole('menuitem', { name: '简体中文' })).toBeTruthy();
  });
});

describe('deferredModule', () => {
  it('loads once, tells subscribers, and tries again after a failure', async () => {
    let calls = 0;
    const module = deferredModule(async () => {
      calls += 1;
      if (calls === 1) throw new Error('offline');
      return { value: 42 };
    });
    await expect(module.load()).rejects.toThrow('offline');
    expect(module.current()).toBeNull();
    let told = 0;
    module.subscribe(() => (told += 1));
    await expect(Promise.all([module.load(), module.load()])).resolves.toEqual([{ value: 42 }, { value: 42 }]);
    expect(calls).toBe(2);
    expect(told).toBe(1);
    expect(module.current()).toEqual({ value: 42 });
  });

  it('useDeferredModule without `now` waits for someone else to load it', async () => {
    const module = deferredModule(async () => ({ label: 'loaded' }));
    function Probe() {
      const value = useDeferredModule(module, false);
      return <span>{value ? value.label : 'waiting'}</span>;
    }
    render(<Probe />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByText('waiting')).toBeTruthy();
    await act(async () => void (await module.load()));
    expect(await screen.findByText('loaded')).toBeTruthy();
  });
});
