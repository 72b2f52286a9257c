// @vitest-environment jsdom
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { act, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadMessages } from '../../../src/ui/i18n/load-messages';
import { LanguageProvider } from '../../../src/ui/i18n/language-context';
import { MachinePicker, type MachineOption } from '../../../src/ui/maintenance/maintenance-view';

// Issue 35 item 11: the maintenance page's machine select is 250 px wide (spec 3), which cuts
// "G3015 Fiber Laser 12 kW (G3015-240101)": the options hold the whole name and order number,
// and the closed select says the whole text of the chosen machine in its title.

const OPTIONS: MachineOption[] = [
  { id: 1, orderNumber: 'G3015-240101', name: 'G3015 Fiber Laser 12 kW', series: 'G' },
  { id: 2, orderNumber: 'T220-230611', name: 'T220 Tube Laser 6 kW with automatic loader', series: 'T' },
  { id: 3, orderNumber: 'X-0001', name: '', series: 'X' },
];

async function renderPicker(lang: 'zh' | 'en', selected: number | null) {
  await loadMessages(lang, ['maintenance']);
  const storage = { get: () => lang, set: () => {} };
  const view = render(
    <ChakraProvider value={defaultSystem}>
      <LanguageProvider storage={storage} browserLanguage={lang}>
        <MachinePicker options={OPTIONS} selected={selected} loading={false} onPick={() => {}} />
      </LanguageProvider>
    </ChakraProvider>,
  );
  await act(async () => {});
  return view;
}

describe('the maintenance machine select (width 250)', () => {
  for (const [lang, whole] of [
    ['en', (name: string, order: string) => `${name} (${order})`],
    ['zh', (name: string, order: string) => `${name}（${order}）`],
  ] as const) {
    it(`shows whole names with the order number, and the chosen one in the closed select's title (${lang})`, async () => {
      const { unmount } = await renderPicker(lang, 2);
      const select = screen.getByTestId('maintenance-machine-select') as HTMLSelectElement;
      const options = within(select).getAllByRole('option') as HTMLOptionElement[];
      expect(options.map((o) => o.textContent)).toEqual([whole(OPTIONS[0].name, 'G3015-240101'), whole(OPTIONS[1].name, 'T220-230611'), 'X-0001']);
      expect(options.map((o) => o.title)).toEqual(options.map((o) => o.textContent));
      expect(select.title).toBe(whole(OPTIONS[1].name, 'T220-230611'));
      unmount();
    });
  }

  it('titles the first machine while none is chosen yet (the select shows it)', async () => {
    await renderPicker('en', null);
    expect((screen.getByTestId('maintenance-machine-select') as HTMLSelectElement).title).toBe('G3015 Fiber Laser 12 kW (G3015-240101)');
  });
});
