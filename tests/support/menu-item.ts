import { expect } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/**
 * Picks an item of an open Chakra (Zag) menu as a pointer does: moves onto it, waits until the menu
 * has highlighted it, then clicks. Zag selects the highlighted item; a click that lands while a
 * render of the page (the language machine arriving, say) resets the highlight selects nothing in
 * jsdom, which made the menu tests pass or fail with the machine's speed.
 */
export async function pickMenuItem(user: UserEvent, name: string): Promise<void> {
  await screen.findByRole('menuitem', { name });
  // A render that resets the highlight after the move leaves it reset (a slow machine met it):
  // the pointer moves off and on again until the item stays highlighted.
  await waitFor(async () => {
    const item = screen.getByRole('menuitem', { name });
    if (!item.hasAttribute('data-highlighted')) {
      await user.unhover(item);
      await user.hover(item);
    }
    expect(item.hasAttribute('data-highlighted')).toBe(true);
  });
  await user.click(screen.getByRole('menuitem', { name }));
}
