// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FirstScreenPart } from '../../../src/ui/common/first-screen-part';
import { FIRST_SCREEN_ID, FIRST_SCREEN_PARTS_ATTRIBUTE } from '../../../src/ui/common/first-screen-markup';
import type { FirstScreenForm } from '../../../src/ui/common/first-screen';

// A page painted with the caller's data (ADR 0026) stays on the screen until every part of the app's
// view it lists has its data: never replaced by a loading state, never left over the app.

/** The copy as the inline script leaves it: the box with its parts, a picker with a machine chosen, a button pressed. */
function paintCopy(parts: string, chosen = 'A2'): HTMLElement {
  const box = document.createElement('div');
  box.id = FIRST_SCREEN_ID;
  box.setAttribute(FIRST_SCREEN_PARTS_ATTRIBUTE, parts);
  box.innerHTML = `<main><select name="machine"><option value="A1">A1</option><option value="A2">A2</option></select></main>`;
  (box.querySelector('select') as HTMLSelectElement).value = chosen;
  document.body.appendChild(box);
  return box;
}

const copyShown = () => document.getElementById(FIRST_SCREEN_ID) !== null;

function View({ settled }: { settled: Record<string, boolean> }) {
  return (
    <>
      {Object.entries(settled).map(([part, done]) => (
        <FirstScreenPart key={part} part={part} settled={done} />
      ))}
    </>
  );
}

afterEach(() => {
  cleanup();
  document.getElementById(FIRST_SCREEN_ID)?.remove();
  vi.useRealTimers();
});

describe('a painted copy and the parts of the app that take over', () => {
  it('stays until the last listed part has its data, whatever the order the parts settle in', () => {
    fc.assert(
      fc.property(fc.shuffledSubarray(['machines', 'report', 'runtime'], { minLength: 3, maxLength: 3 }), (order) => {
        paintCopy('machines report runtime');
        const settled: Record<string, boolean> = { machines: false, report: false, runtime: false };
        const view = render(<View settled={{ ...settled }} />);
        for (const [i, part] of order.entries()) {
          expect(copyShown(), `before ${part}`).toBe(true);
          settled[part] = true;
          view.rerender(<View settled={{ ...settled }} />);
          expect(copyShown(), `after ${order.slice(0, i + 1).join(', ')}`).toBe(i !== order.length - 1);
        }
        view.unmount();
        document.getElementById(FIRST_SCREEN_ID)?.remove();
      }),
      { numRuns: 12 },
    );
  });

  it('hands what was chosen in the copy to the part that takes it, before the copy goes', () => {
    paintCopy('machines report');
    const taken: FirstScreenForm[] = [];
    const view = render(<FirstScreenPart part="machines" settled takeOver={(form) => taken.push(form)} />);
    expect(taken).toEqual([]);
    view.rerender(
      <>
        <FirstScreenPart part="machines" settled takeOver={(form) => taken.push(form)} />
        <FirstScreenPart part="report" settled />
      </>,
    );
    expect(copyShown()).toBe(false);
    expect(taken.map((form) => form.values.machine)).toEqual(['A2']);
  });

  it('goes 3 s after the first part settled when another never does (the data changed since the paint)', () => {
    vi.useFakeTimers();
    paintCopy('machines report runtime');
    render(<View settled={{ machines: true, report: false }} />);
    expect(copyShown()).toBe(true);
    act(() => vi.advanceTimersByTime(2_900));
    expect(copyShown()).toBe(true);
    act(() => vi.advanceTimersByTime(200));
    expect(copyShown()).toBe(false);
  });

  it('does nothing on a page without a copy', () => {
    const view = render(<View settled={{ machines: true, report: true }} />);
    expect(copyShown()).toBe(false);
    view.unmount();
  });
});
