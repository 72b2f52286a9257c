import type { UserEvent } from '@testing-library/user-event';

/**
 * Enters text in a field at once, after what it holds, as a paste does: one input event. Typed key
 * by key (`user.type`), a Chakra form rendered again at every key under jsdom, which cost the view
 * tests seconds a file; a test about keys (a shortcut, a key's own handling) types them.
 */
export async function enterText(user: UserEvent, field: HTMLElement, text: string): Promise<void> {
  await user.click(field);
  if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) {
    try {
      field.setSelectionRange(field.value.length, field.value.length);
    } catch {
      // e-mail and number fields have no selection: the paste goes where user-event puts it, the end
    }
  }
  await user.paste(text);
}
