// What the markup of a first screen from the build (scripts/prerender-first-screens.tsx), its inline
// script (first-screen-script.ts), the boot script (scripts/vite/boot-app.ts) and the app
// (first-screen.ts) agree on. No imports: the build's own plugins read it.

/** Where the inline script puts the chosen copy: a box right after the app's root, laid over it. */
export const FIRST_SCREEN_ID = 'first-screen';

/** The `<template>` holding a language's copy. */
export const firstScreenTemplateId = (language: string) => `first-screen-${language}`;

/** The box's attribute listing the addresses (inside the app, as normalPath writes them) its copy stands for. */
export const FIRST_SCREEN_PATHS_ATTRIBUTE = 'data-paths';

/**
 * On the box of a page painted with the caller's data (ADR 0026): the parts of the app's view that
 * must have their data before the copy goes (`fleet`, `report`...), separated by spaces. Without
 * it the view that stands for the copy takes over when it first renders.
 */
export const FIRST_SCREEN_PARTS_ATTRIBUTE = 'data-parts';

/** The parts the server's copies list: the fleet page's tiles; the task page's machine picker and its two tables. */
export const FIRST_SCREEN_PART = { fleet: 'fleet', taskMachines: 'task-machines', report: 'report', runtime: 'runtime' } as const;

/** Set on the box by the inline script when a form of the copy was sent before the app ran. */
export const FIRST_SCREEN_SUBMITTED_ATTRIBUTE = 'data-submitted';

/**
 * Set on the box by the inline script when a button of the copy was pressed before the app ran: its
 * name (`aria-label`, else its text), so that the app presses its own button of that name.
 */
export const FIRST_SCREEN_PRESSED_ATTRIBUTE = 'data-pressed';

/** Marks a part of the copy the visitor can dismiss (a dialog): its value is the sessionStorage key that remembers it. */
export const DISMISS_ATTRIBUTE = 'data-first-screen-dismiss';

/**
 * The session-storage key that remembers the mobile-app dialog closed for the browser tab (`1`),
 * the dismiss attribute's value on the visitor pages' copy of it: the app's dialog, the copy's
 * inline script and the route walk read the same key.
 */
export const MOBILE_APP_DIALOG_DISMISSED_KEY = 'mobileAppDialogDismissed';

/** With DISMISS_ATTRIBUTE: the part shows only on windows narrower than this many CSS pixels. */
export const BELOW_ATTRIBUTE = 'data-first-screen-below';

/**
 * Marks a `<time>` whose text is a date and time in the browser's zone: a copy painted on the
 * server, which does not know that zone, has its inline script write it again before it paints.
 */
export const LOCAL_TIME_ATTRIBUTE = 'data-local-time';

/** How a local date and time is written (report tables, latest alarms): the app and the inline script both use it. */
export const LOCAL_TIME_FORMAT = { dateStyle: 'short', timeStyle: 'short' } as const;

