// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SoftwareDownloadScreen } from '../../../src/ui/software/software-download-screen';
import { SoftwareCards } from '../../../src/ui/software/software-cards';
import { fakeSoftwareApi, NEST_RELEASE, renderPages } from './software-harness';

function downloadRoutes(openFile: (url: string) => void) {
  return [
    { path: '/bodornest/:isVisitor?', Component: () => <SoftwareDownloadScreen page="bodornest" openFile={openFile} /> },
    { path: '/bodornest1.5/:isVisitor?', Component: () => <SoftwareDownloadScreen page="bodornest1.5" openFile={openFile} /> },
    { path: '/nestdown1.0/:isVisitor?', Component: () => <SoftwareDownloadScreen page="nestdown1.0" openFile={openFile} /> },
  ];
}

describe('software download pages', () => {
  it('shows the latest release of Nest V2.0 (type 1) with its notes and the runtime packages', async () => {
    const openFile = vi.fn();
    const { api } = renderPages('/bodornest/true', downloadRoutes(openFile));
    expect((await screen.findByTestId('release-version')).textContent).toBe('2.0.4');
    expect(api.getLatestRelease).toHaveBeenCalledWith('1', 'en', expect.anything());
    const notes = screen.getByTestId('release-notes');
    expect(within(notes).getByText('Faster automatic nesting')).toBeTruthy();
    expect(within(notes).getByText('Common-line cutting for thin sheet')).toBeTruthy();
    expect(screen.getByTestId('runtime-packages').querySelectorAll('[data-runtime]')).toHaveLength(3);
    expect(screen.getByTestId('page-back').getAttribute('href')).toBe('/visitor/software');
  });

  it('goes Back to the previous page (spec 2), and to the software tab when opened directly', async () => {
    const user = userEvent.setup();
    const { router } = renderPages('/nestdown1.0/true', downloadRoutes(vi.fn()));
    await screen.findByTestId('release-version');
    // Opened directly: nothing earlier in the app, so the link's own target.
    await user.click(screen.getByTestId('page-back'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/visitor/software'));
    // Came from another page (the dr list, say): Back returns there.
    await router.navigate('/dr');
    await router.navigate('/bodornest/true');
    await user.click(await screen.findByTestId('page-back'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dr'));
  });

  it('records a visitor download with AllowInsertDownload, then opens the file', async () => {
    const user = userEvent.setup();
    const openFile = vi.fn();
    const { api } = renderPages('/bodornest/true', downloadRoutes(openFile));
    await user.click(await screen.findByTestId('download-button'));
    await waitFor(() => expect(openFile).toHaveBeenCalledWith(NEST_RELEASE.fileurl));
    expect(api.allowInsertDownload).toHaveBeenCalledWith(31, expect.anything());
    expect(api.insertDownload).not.toHaveBeenCalled();
  });

  it('records a logged-in download with InsertDownload and goes back to the shell section', async () => {
    const user = userEvent.setup();
    const openFile = vi.fn();
    const { api } = renderPages('/bodornest/false', downloadRoutes(openFile));
    await user.click(await screen.findByTestId('download-button'));
    await waitFor(() => expect(openFile).toHaveBeenCalledTimes(1));
    expect(api.insertDownload).toHaveBeenCalledWith(31, expect.anything());
    expect(api.allowInsertDownload).not.toHaveBeenCalled();
    expect(screen.getByTestId('page-back').getAttribute('href')).toBe('/index/software');
  });

  it('treats a page without the flag as a visitor; Nest V1.0 is type 4', async () => {
    const user = userEvent.setup();
    const openFile = vi.fn();
    const { api } = renderPages('/nestdown1.0', downloadRoutes(openFile));
    await user.click(await screen.findByTestId('download-button'));
    await waitFor(() => expect(api.allowInsertDownload).toHaveBeenCalledTimes(1));
    expect(api.getLatestRelease).toHaveBeenCalledWith('4', 'en', expect.anything());
  });

  it('does not open the file when the server refuses the record', async () => {
    const user = userEvent.setup();
    const openFile = vi.fn();
    const api = fakeSoftwareApi({ insertDownload: vi.fn(async () => ({ kind: 'refused' as const, message: 'Not allowed' })) });
    renderPages('/bodornest/false', downloadRoutes(openFile), { api });
    await user.click(await screen.findByTestId('download-button'));
    expect((await screen.findByTestId('download-error')).textContent).toContain('Not allowed');
    expect(openFile).not.toHaveBeenCalled();
  });

  it("shows the server's message when there is no release; Nest V1.5 (type 3) lists no runtimes", async () => {
    const api = fakeSoftwareApi({ getLatestRelease: vi.fn(async () => ({ kind: 'none' as const, message: 'No release published yet' })) });
    renderPages('/bodornest1.5/true', downloadRoutes(vi.fn()), { api, lang: 'zh' });
    const empty = await screen.findByTestId('release-empty');
    expect(empty.textContent).toContain('暂无可下载的版本');
    expect(empty.textContent).toContain('No release published yet');
    expect(api.getLatestRelease).toHaveBeenCalledWith('3', 'zh', expect.anything());
    expect(screen.queryByTestId('runtime-packages')).toBeNull();
    expect(screen.queryByTestId('download-button')).toBeNull();
  });
});

describe('software cards', () => {
  it('link to the info pages with the visitor flag', async () => {
    renderPages('/visitor/software', [
      { path: '/visitor/software', Component: () => <SoftwareCards isVisitor /> },
      { path: '/index/software', Component: () => <SoftwareCards isVisitor={false} /> },
    ]);
    expect((await screen.findByTestId('software-info-plus')).getAttribute('href')).toBe('/bodorplus/true');
    expect(screen.getByTestId('software-info-nest').getAttribute('href')).toBe('/bodornest/true');
    expect(screen.getByTestId('software-info-nestTube').getAttribute('href')).toBe('/bodornesttube/true');
  });

  it('in the shell pass isVisitor false', async () => {
    renderPages('/index/software', [{ path: '/index/software', Component: () => <SoftwareCards isVisitor={false} /> }]);
    expect((await screen.findByTestId('software-info-nest')).getAttribute('href')).toBe('/bodornest/false');
  });
});
