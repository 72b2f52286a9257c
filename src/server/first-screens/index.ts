/**
 * The pages the portal paints with the caller's data before the app runs (ADR 0026), behind one
 * door: the rest of the server knows which addresses are painted (`personalPageOf`), asks for a
 * page's HTML (`personalPageHtml`, null when it is served plain) and owns the render worker's
 * life (`CopyRenderer`). How a copy is made (the app's machines over `inject`, the views rendered
 * in a worker, the answers handed to the app) stays inside this folder: dependency-cruiser rule
 * `painted-first-screens-behind-one-door`.
 */
export { CopyRenderer } from './copy-renderer';
export { personalPageHtml, personalPageOf, type PersonalPagesDeps } from './personal-pages';
