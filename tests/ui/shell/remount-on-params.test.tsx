// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, useParams } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { appRoutes } from '../../../src/ui/shell/routes';
import { remountOnParams } from '../../../src/ui/shell/remount-on-params';

afterEach(cleanup);

/** A page that keeps what it was first made for, as a page's actor does. */
function Probe() {
  const id = useParams().id;
  const [madeFor] = useState(id);
  return <p data-testid="probe">{`${madeFor} at ${id}`}</p>;
}

function Layout() {
  const [madeAt] = useState(() => Math.random());
  return (
    <div data-testid="layout" data-made={madeAt}>
      <Outlet />
    </div>
  );
}

describe('a page whose path has parameters', () => {
  it('is made anew when they change, under a layout that stays', async () => {
    const routes = [{ path: '/', Component: Layout, children: [{ path: 'thing/:id', lazy: async () => ({ Component: Probe }) }] }].map(remountOnParams);
    const router = createMemoryRouter(routes, { initialEntries: ['/thing/a'] });
    render(<RouterProvider router={router} />);
    expect((await screen.findByTestId('probe')).textContent).toBe('a at a');
    const layout = screen.getByTestId('layout').dataset.made;
    await act(() => router.navigate('/thing/b'));
    expect(screen.getByTestId('probe').textContent).toBe('b at b');
    expect(screen.getByTestId('layout').dataset.made).toBe(layout);
  });

  it('is so for every page of the app with parameters', () => {
    const leaves = (routes: ReturnType<typeof appRoutes>): ReturnType<typeof appRoutes> => routes.flatMap((r) => (r.children ? leaves(r.children) : [r]));
    const withParams = leaves(appRoutes({ hasToken: () => false, brandName: 'Laser' })).filter((r) => r.path?.includes(':'));
    expect(withParams.map((r) => r.path)).toEqual(expect.arrayContaining(['deviceInfo/:orderNumber/:type', 'deviceInfoWs/:orderNumber/:type']));
    // Each loads the page wrapped (the wrapper's name), so it is keyed by its parameters.
    return Promise.all(withParams.map(async (r) => expect(((await (r.lazy as () => Promise<{ Component: { name: string } }>)()).Component.name), r.path).toBe('PageOfTheseParams')));
  });
});
