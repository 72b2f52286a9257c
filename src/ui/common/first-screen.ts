// Some pages' first screen is painted from HTML before any script of the app has run
// (docs/adr/0008-landing-first-screen.md, 0023): the build renders it per language
// (scripts/prerender-first-screens.tsx), the server puts it into those pages, and a small inline
// script (first-screen-script.ts) picks the language's copy. The app removes the copy when its own
// view of the page mounts, in the same frame.
import { useLayoutEffect, useRef } from 'react';
import { normalPath } from '../../domain/accounts/route-guard';
import { FIRST_SCREEN_ID, FIRST_SCREEN_PARTS_ATTRIBUTE, FIRST_SCREEN_PATHS_ATTRIBUTE, FIRST_SCREEN_PRESSED_ATTRIBUTE, FIRST_SCREEN_SUBMITTED_ATTRIBUTE } from './first-screen-markup';

type MaybeDocument = Document | undefined;
const currentDocument = (): MaybeDocument => (typeof document === 'undefined' ? undefined : document);

/** The painted copy, if it is still there. */
export function firstScreenCopy(doc: MaybeDocument = currentDocument()): HTMLElement | null {
  const box = doc?.getElementById(FIRST_SCREEN_ID) ?? null;
  return box?.firstChild ? box : null;
}

/** Drops the painted copy (harmless when there is none). */
export function removeFirstScreen(doc: MaybeDocument = currentDocument()): void {
  doc?.getElementById(FIRST_SCREEN_ID)?.remove();
}

/**
 * Drops a copy painted for another page than the one at `pathname` (inside the app): the route
 * guard calls it on every location, so a copy whose page never mounts (a redirect, a page that
 * failed) does not stay over the app.
 */
export function removeStrayFirstScreen(pathname: string, doc: MaybeDocument = currentDocument()): void {
  const box = doc?.getElementById(FIRST_SCREEN_ID);
  if (!box) return;
  const paths = (box.getAttribute(FIRST_SCREEN_PATHS_ATTRIBUTE) ?? '').split(' ');
  if (!paths.includes(normalPath(pathname))) box.remove();
}

/**
 * For the view that stands for a painted copy: removes the copy in a layout effect of its first
 * render, in the same frame as the view appears (no flash, no layout shift). `takeOver` reads what
 * the visitor did in a form of the copy first, while it is still there; a field of the copy that
 * had the focus hands it to the view's field of the same name (a link or button to the view's own:
 * a keyboard user who tabbed into the copy is not sent back to the top), and a button pressed in
 * the copy is pressed again in the view, once its effects have run.
 */
export function useFirstScreenHandover(takeOver?: (form: FirstScreenForm) => void): void {
  const done = useRef(false);
  useLayoutEffect(() => {
    if (done.current) return;
    done.current = true;
    handOver(takeOver ? [takeOver] : []);
    // Once, on mount: later renders have nothing to hand over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/**
 * For a part of a view painted with the caller's data (the copy's box lists its parts, ADR 0026):
 * the copy goes once every part it lists has rendered its data (`settled`: loaded, or failed and
 * saying so) in the same commit as it appears, so the copy is never replaced by a loading state.
 * Then as `useFirstScreenHandover`; each part's `takeOver` reads the copy's form first.
 */
export function useFirstScreenPart(part: string, settled: boolean, takeOver?: (form: FirstScreenForm) => void): void {
  useLayoutEffect(() => {
    if (!settled) return;
    const box = currentDocument()?.getElementById(FIRST_SCREEN_ID);
    if (!box) return;
    const parts = partsOf(box);
    parts.settled.set(part, takeOver);
    const wanted = (box.getAttribute(FIRST_SCREEN_PARTS_ATTRIBUTE) ?? '').split(' ').filter(Boolean);
    if (wanted.every((name) => parts.settled.has(name))) handOverParts(parts);
    // A listed part the app does not show (the data changed since the paint) must not keep the copy.
    else parts.timer ??= setTimeout(() => handOverParts(parts), PARTS_WAIT_MS);
    // A part counts once it has settled; what it hands over is read when the last one has.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [part, settled]);
}

/** The parts of a painted view that have their data, with what each takes over from the copy, and the wait for the rest. */
interface CopyParts {
  box: Element;
  settled: Map<string, ((form: FirstScreenForm) => void) | undefined>;
  timer?: ReturnType<typeof setTimeout>;
}
/** By copy: what one copy's parts did never counts for another (a page, or a test, that paints again). */
const copies = new WeakMap<Element, CopyParts>();
const partsOf = (box: Element): CopyParts => {
  let parts = copies.get(box);
  if (!parts) copies.set(box, (parts = { box, settled: new Map() }));
  return parts;
};
/** How long the copy waits for the other parts once one has its data. */
const PARTS_WAIT_MS = 3000;

function handOverParts(parts: CopyParts): void {
  clearTimeout(parts.timer);
  parts.timer = undefined;
  const takeOvers = [...parts.settled.values()].filter((f): f is (form: FirstScreenForm) => void => !!f);
  parts.settled.clear();
  // A copy already gone (replaced by a new paint) hands nothing over: its wait may have outlived it.
  if (parts.box.isConnected) handOver(takeOvers);
}

/** Removes the copy: what was typed and focused in it goes to the app's view, a button pressed in it is pressed again there. */
function handOver(takeOvers: ReadonlyArray<(form: FirstScreenForm) => void>): void {
  const copy = firstScreenCopy();
  const form = copy ? firstScreenForm(copy) : null;
  if (form) for (const takeOver of takeOvers) takeOver(form);
  removeFirstScreen();
  if (form?.focused) (document.getElementsByName(form.focused)[0] as HTMLElement | undefined)?.focus();
  else if (form?.focusedControl) findControl(form.focusedControl)?.focus();
  const pressed = form?.pressed;
  if (pressed) setTimeout(() => pressButtonNamed(pressed));
}

/** What a visitor did in a form of the copy before the app ran. */
export interface FirstScreenForm {
  /** The named fields' values, empty ones left out. */
  values: Record<string, string>;
  /** The name of the field that has the focus, if one has. */
  focused: string | null;
  /** The form was sent (the inline script held it back: the app sends it). */
  submitted: boolean;
  /** The link or button that has the focus, if one has (not a named field: `focused`). */
  focusedControl: Control | null;
  /** The name of a button pressed in the copy (the inline script's rule: `aria-label`, else its text). */
  pressed: string | null;
}

/** A link or button of the copy, as the app's view finds its own: by its name, and a link by its address too. */
export interface Control {
  tag: 'a' | 'button';
  name: string;
  href: string | null;
}

/** The inline script's rule for a control's name: its `aria-label`, else its text. */
const controlName = (element: Element) => element.getAttribute('aria-label') || element.textContent?.trim() || '';

function asControl(element: Element | null): Control | null {
  if (!element) return null;
  const tag = element.tagName.toLowerCase();
  if (tag !== 'a' && tag !== 'button') return null;
  return { tag, name: controlName(element), href: element.getAttribute('href') };
}

/** The app's first control matching `control` (outside the copy, which is gone by then). */
export function findControl(control: Control, doc: Document = document): HTMLElement | undefined {
  return [...doc.querySelectorAll<HTMLElement>(control.tag)].find((element) => controlName(element) === control.name && element.getAttribute('href') === control.href);
}

/** Presses the app's first button named `name` as the inline script names them. */
export function pressButtonNamed(name: string, doc: Document = document): boolean {
  const button = findControl({ tag: 'button', name, href: null }, doc);
  button?.click();
  return !!button;
}

/** Reads what was typed into the copy, so that the app's view goes on from there. */
export function firstScreenForm(copy: HTMLElement): FirstScreenForm {
  const values: Record<string, string> = {};
  for (const field of copy.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>('input[name], textarea[name], select[name]')) {
    if (field.value) values[field.name] = field.value;
  }
  const active = copy.ownerDocument.activeElement;
  const focused = active && copy.contains(active) && 'name' in active && typeof active.name === 'string' && active.name ? active.name : null;
  const focusedControl = !focused && active && copy.contains(active) ? asControl(active) : null;
  return { values, focused, focusedControl, submitted: copy.hasAttribute(FIRST_SCREEN_SUBMITTED_ATTRIBUTE), pressed: copy.getAttribute(FIRST_SCREEN_PRESSED_ATTRIBUTE) };
}

/** True while the copy shows an element matching `selector` (read before the handover removes it). */
export function firstScreenShows(selector: string, doc: MaybeDocument = currentDocument()): boolean {
  return !!firstScreenCopy(doc)?.querySelector(selector);
}
