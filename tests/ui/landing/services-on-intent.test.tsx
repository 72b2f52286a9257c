// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ServicesProvider, type UiServices } from '../../../src/ui/common/services-context';
import { LANDING_SERVICES, SERVICES_IDLE_MS, useServicesOnIntent } from '../../../src/ui/landing/services-on-intent';

// The landing page loads the app's services on the visitor's first scroll, tap, key or focus, or
// after SERVICES_IDLE_MS, not right after its first paint (issue 23, Lighthouse).

function Probe() {
  return <p>{useServicesOnIntent() ? 'ready' : 'waiting'}</p>;
}

function renderWith(services: Partial<UiServices>) {
  return render(
    <ServicesProvider services={services as UiServices}>
      <Probe />
    </ServicesProvider>,
  );
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useServicesOnIntent', () => {
  for (const [type, fire] of [
    ['scroll', () => window.dispatchEvent(new Event('scroll'))],
    ['pointerdown', () => document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }))],
    ['keydown', () => document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }))],
    ['focusin', () => document.body.dispatchEvent(new FocusEvent('focusin', { bubbles: true }))],
  ] as const) {
    it(`loads nothing before the visitor acts, then once on ${type}`, () => {
      const load = vi.fn(async () => {});
      const view = renderWith({ ready: false, load });
      act(() => vi.advanceTimersByTime(SERVICES_IDLE_MS - 1));
      expect(load).not.toHaveBeenCalled();
      expect(view.getByText('waiting')).toBeTruthy();
      act(fire);
      act(fire);
      act(() => vi.advanceTimersByTime(SERVICES_IDLE_MS));
      expect(load).toHaveBeenCalledTimes(1);
      view.unmount();
    });
  }

  it('loads them unasked after SERVICES_IDLE_MS', () => {
    const load = vi.fn(async () => {});
    const view = renderWith({ ready: false, load });
    act(() => vi.advanceTimersByTime(SERVICES_IDLE_MS));
    expect(load).toHaveBeenCalledTimes(1);
    view.unmount();
  });

  it('does nothing once they are there, nor after the page has gone', () => {
    const load = vi.fn(async () => {});
    renderWith({ load }).unmount();
    const gone = renderWith({ ready: false, load });
    gone.unmount();
    act(() => vi.advanceTimersByTime(SERVICES_IDLE_MS * 2));
    window.dispatchEvent(new Event('scroll'));
    expect(load).not.toHaveBeenCalled();
  });

  it('is not ready when the load has ended but the context still has the boot services, and is once it has the loaded ones', async () => {
    // The provider takes the loaded services in a transition, which may commit after the load's own
    // update: a CAM card rendered in between read the boot services and failed.
    const load = vi.fn(async () => {});
    const view = renderWith({ ready: false, load });
    act(() => vi.advanceTimersByTime(SERVICES_IDLE_MS));
    await act(async () => {});
    expect(load).toHaveBeenCalledTimes(1);
    expect(view.getByText('waiting')).toBeTruthy();
    view.rerender(
      <ServicesProvider services={{ ready: true, has: () => true, load } as unknown as UiServices}>
        <Probe />
      </ServicesProvider>,
    );
    expect(view.getByText('ready')).toBeTruthy();
    view.unmount();
  });

  it("loads the landing page's areas at once when the app's services came with another page, and is ready once they are there", async () => {
    const load = vi.fn(async () => {});
    const view = renderWith({ ready: true, has: () => false, load });
    expect(load).toHaveBeenCalledWith(LANDING_SERVICES);
    expect(view.getByText('waiting')).toBeTruthy();
    await act(async () => {});
    expect(view.getByText('ready')).toBeTruthy();
    view.unmount();
  });
});
