import { useFirstScreenPart, type FirstScreenForm } from './first-screen';

/**
 * Rendered beside a part of a view that a page painted with the caller's data stands for (ADR
 * 0026): in the same commit as the part shows its data, it tells the copy (useFirstScreenPart).
 * A component rather than a hook so that a deferred view (useDeferredView) can carry it.
 */
export function FirstScreenPart({ part, settled, takeOver }: { part: string; settled: boolean; takeOver?: (form: FirstScreenForm) => void }) {
  useFirstScreenPart(part, settled, takeOver);
  return null;
}
