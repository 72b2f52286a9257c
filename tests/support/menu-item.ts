import { expect } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** Where the pointer moves next: each move lands on a point of its own. */
let step = 0;

/**
 * Opens the Chakra (Zag) menu of the trigger with test id `trigger` and picks its item `name` as a
 * pointer does, each step again until it holds: the trigger is clicked until it says the menu is
 * open, the pointer moves onto the item until the menu has highlighted it, and the click then
 * selects it (Zag selects the highlighted item, so a click on an item a render had reset selected
 * nothing). Each move goes to a new point, as a person's do: Zag's pointer tracking
 * (@zag-js/focus-visible) passes over a move to the point the pointer is already at. Under the
 * whole suite's load a single click and move once left the item unhighlighted for 20 s
 * (2026-11-29, twice); which step a render undid was not caught, so each is retried.
 */
export async function pickMenuItem(user: UserEvent, trigger: string, name: string): Promise<void> {
  await waitFor(async () => {
    const opener = screen.getByTestId(trigger);
    if (opener.getAttribute('aria-expanded') !== 'true') await user.click(opener);
    const item = screen.getByRole('menuitem', { name });
    if (!item.hasAttribute('data-highlighted')) {
      step += 1;
      await user.pointer({ target: item, coords: { clientX: step, clientY: step } });
    }
    expect(item.hasAttribute('data-highlighted')).toBe(true);
  });
  await user.click(screen.getByRole('menuitem', { name }));
}
