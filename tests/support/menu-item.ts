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
  const item = await screen.findByRole('menuitem', { name });
  await user.hover(item);
  await waitFor(() => expect(item.hasAttribute('data-highlighted')).toBe(true));
  await user.click(item);
}
