// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { FleetAnswer } from '../../../src/domain/devices/fleet';
import type { RandomFileRow } from '../../../src/domain/files/random-files.machine';
import { refused } from '../../../src/domain/shared/refused';
import type { DevicesApiPort } from '../../../src/ports/devices-api.port';
import type { RandomFilesApiPort } from '../../../src/ports/random-files-api.port';
import { DevicesApiToken, RandomFilesApiToken } from '../../../src/ports/api-tokens';
import RandomFilesScreen from '../../../src/ui/random-files/random-files-screen';
import { fake, renderRoutes } from '../../support/render-routes';
import { fakeDevicesApi, SHEET, TUBE } from '../devices/devices-harness';
import { enterText } from '../../support/enter-text';

type FakeRandomFilesApi = { [K in keyof RandomFilesApiPort]: Mock<RandomFilesApiPort[K]> };

const DOCS = [
  ['schematic', 'Electrical schematic', 'electrical-schematic'],
  ['test-report', 'Factory test report', 'factory-test-report'],
  ['certificate', 'Certificate of conformity', 'certificate-of-conformity'],
  ['packing-list', 'Packing list', 'packing-list'],
] as const;

const filesOf = (orderNumber: string): RandomFileRow[] =>
  DOCS.map(([classify, title, slug], i) => ({
    Id: `${orderNumber}-${i}`,
    FileName: `${orderNumber}-${slug}.pdf`,
    FilePath: `${orderNumber}/${orderNumber}-${slug}.pdf`,
    Title: title,
    FileClassify: classify,
    MachineType: 0,
    CreateTime: '2025-03-01T00:00:00.000Z',
    Size: 2048 + i,
  }));

function fakeRandomFilesApi(overrides: Partial<FakeRandomFilesApi> = {}): FakeRandomFilesApi {
  return {
    getFiles: vi.fn<RandomFilesApiPort['getFiles']>(async (orderNumber) => ({ kind: 'list', files: filesOf(orderNumber) })),
    download: vi.fn<RandomFilesApiPort['download']>(async () => ({ kind: 'file', blob: new Blob(['%PDF-1.4'], { type: 'application/pdf' }), fileName: 'from-server.pdf' })),
    ...overrides,
  };
}

function renderRandom(path = '/random', options: { machines?: FleetAnswer; api?: FakeRandomFilesApi; lang?: 'zh' | 'en' } = {}) {
  const devices = fakeDevicesApi(options.machines ? { getMyMachines: vi.fn(async () => options.machines!) } : {});
  const api = options.api ?? fakeRandomFilesApi();
  const view = renderRoutes(path, [{ path: '/random', Component: RandomFilesScreen }], {
    fakes: [fake(DevicesApiToken, devices), fake(RandomFilesApiToken, api)],
    lang: options.lang,
  });
  return { ...view, devices, api };
}

const machineButtons = () => screen.queryAllByTestId('random-machine');
const fileRows = () => screen.queryAllByTestId('random-file-row');
const where = (router: { state: { location: { pathname: string; search: string } } }) => `${router.state.location.pathname}${router.state.location.search}`;

let created: Blob[];
beforeEach(() => {
  created = [];
  URL.createObjectURL = vi.fn((blob: Blob) => {
    created.push(blob);
    return `blob:test/${created.length}`;
  });
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

describe('random files page', () => {
  it("lists the caller's machines, chooses the first, keeps it in the address and shows its files", async () => {
    const { api, router } = renderRandom();
    await waitFor(() => expect(fileRows()).toHaveLength(4));
    expect(machineButtons().map((b) => b.dataset.orderNumber)).toEqual([TUBE.ordernumber, SHEET.ordernumber]);
    expect(machineButtons()[0]!.getAttribute('aria-current')).toBe('true');
    expect(api.getFiles).toHaveBeenCalledWith(TUBE.ordernumber, expect.anything());
    expect(where(router)).toBe(`/random?order=${TUBE.ordernumber}`);
    expect(screen.getByTestId('random-files-title').textContent).toBe(`Documents of ${TUBE.ordernumber}`);
    // Type, size and date are hidden on phones (display none below md in jsdom's media queries).
    const first = within(fileRows()[0]!).getAllByRole('cell', { hidden: true }).map((c) => c.textContent);
    expect(first[0]).toBe(`Electrical schematic${TUBE.ordernumber}-electrical-schematic.pdf`);
    expect(first[1]).toBe('Schematic');
    expect(first[2]).toBe('2.0 KB');
    expect(first[3]).toBe('03/01/2025');
    expect(within(fileRows()[2]!).getAllByRole('cell', { hidden: true })[1]!.textContent).toBe('Certificate');
  });

  it('opens the machine the address names', async () => {
    const { api } = renderRandom(`/random?order=${SHEET.ordernumber}`);
    await waitFor(() => expect(fileRows()).toHaveLength(4));
    expect(api.getFiles).toHaveBeenCalledTimes(1);
    expect(api.getFiles).toHaveBeenCalledWith(SHEET.ordernumber, expect.anything());
    expect(screen.getByTestId('random-files').dataset.orderNumber).toBe(SHEET.ordernumber);
  });

  it('follows a link to the page that names another machine', async () => {
    const { api, router } = renderRandom();
    await waitFor(() => expect(fileRows()).toHaveLength(4));
    await router.navigate(`/random?order=${SHEET.ordernumber}`);
    await waitFor(() => expect(screen.getByTestId('random-files').dataset.orderNumber).toBe(SHEET.ordernumber));
    await waitFor(() => expect(fileRows()).toHaveLength(4));
    await router.navigate('/random?order=NOT-MINE');
    expect(screen.getByTestId('random-files').dataset.orderNumber).toBe(SHEET.ordernumber);
    expect(api.getFiles.mock.calls.map(([o]) => o)).toEqual([TUBE.ordernumber, SHEET.ordernumber]);
  });

  it('loads the files of a machine picked from the list', async () => {
    const user = userEvent.setup();
    const { api, router } = renderRandom();
    await waitFor(() => expect(fileRows()).toHaveLength(4));
    await user.click(machineButtons()[1]!);
    await waitFor(() => expect(fileRows()[0]!.dataset.id).toBe(`${SHEET.ordernumber}-0`));
    expect(api.getFiles).toHaveBeenLastCalledWith(SHEET.ordernumber, expect.anything());
    expect(where(router)).toBe(`/random?order=${SHEET.ordernumber}`);
  });

  it('filters the list with the order-number search and opens the only match on submit', async () => {
    const user = userEvent.setup();
    const { api } = renderRandom();
    await waitFor(() => expect(fileRows()).toHaveLength(4));
    const input = screen.getByTestId('random-search-input');
    await enterText(user, input, 'g-2');
    expect(machineButtons().map((b) => b.dataset.orderNumber)).toEqual([SHEET.ordernumber]);
    await user.type(input, '{Enter}');
    await waitFor(() => expect(screen.getByTestId('random-files').dataset.orderNumber).toBe(SHEET.ordernumber));
    expect(api.getFiles).toHaveBeenCalledTimes(2);
    await user.clear(input);
    await enterText(user, input, 'zzz');
    expect(machineButtons()).toHaveLength(0);
    expect(screen.getByTestId('random-no-match').textContent).toBe('No order number matches “zzz”');
  });

  it('downloads a file under the name the server gives', async () => {
    const user = userEvent.setup();
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(`${this.download}@${this.href}`);
    });
    const { api } = renderRandom();
    await waitFor(() => expect(fileRows()).toHaveLength(4));
    await user.click(within(fileRows()[2]!).getByTestId('random-file-download'));
    await waitFor(() => expect(clicks).toEqual(['from-server.pdf@blob:test/1']));
    expect(api.download).toHaveBeenCalledWith(`${TUBE.ordernumber}-2`, expect.anything());
  });

  it('views a file in a tab opened during the click', async () => {
    const user = userEvent.setup();
    const tab = { closed: false, opener: {}, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockImplementation(() => tab as unknown as Window);
    const api = fakeRandomFilesApi({
      download: vi.fn<RandomFilesApiPort['download']>(async () => ({ kind: 'file', blob: new Blob(['%PDF-1.4']), fileName: null })),
    });
    renderRandom('/random', { api });
    await waitFor(() => expect(fileRows()).toHaveLength(4));
    await user.click(within(fileRows()[0]!).getByTestId('random-file-view'));
    await waitFor(() => expect(tab.location.href).toBe('blob:test/1'));
    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    // No type from the server: the name tells it is a PDF, so the tab shows it instead of saving it.
    expect(created[0]!.type).toBe('application/pdf');
  });

  it('warns with the spec message when the download is refused, and closes the waiting tab', async () => {
    const user = userEvent.setup();
    const tab = { closed: false, opener: {}, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockImplementation(() => tab as unknown as Window);
    const api = fakeRandomFilesApi({
      download: vi.fn<RandomFilesApiPort['download']>(async () => refused('The file does not exist')),
    });
    const { toasts } = renderRandom('/random', { api, lang: 'zh' });
    await waitFor(() => expect(fileRows()).toHaveLength(4));
    await user.click(within(fileRows()[1]!).getByTestId('random-file-view'));
    await waitFor(() => expect(toasts).toEqual(['warning:文件下载失败或此文件不存在']));
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.href).toBe('');
  });

  it('shows a machine without files as an empty table (暂无数据)', async () => {
    const api = fakeRandomFilesApi({ getFiles: vi.fn<RandomFilesApiPort['getFiles']>(async () => ({ kind: 'list', files: [] })) });
    renderRandom('/random', { api, lang: 'zh' });
    const empty = await screen.findByTestId('random-files-empty');
    expect(empty.textContent).toContain('暂无数据');
    expect(screen.queryByTestId('random-files-table')).toBeNull();
  });

  it('shows a refused file list with the server info and loads it again on retry', async () => {
    const user = userEvent.setup();
    const api = fakeRandomFilesApi();
    api.getFiles.mockResolvedValueOnce(refused('PLM unavailable'));
    renderRandom('/random', { api });
    const failed = await screen.findByTestId('random-files-failed');
    expect(failed.textContent).toContain('Could not load the file list: PLM unavailable');
    await user.click(within(failed).getByRole('button'));
    await waitFor(() => expect(fileRows()).toHaveLength(4));
  });

  it('points a customer without machines to binding one', async () => {
    renderRandom('/random', { machines: { kind: 'list', machines: [] } });
    const note = await screen.findByTestId('random-no-machines');
    expect(within(note).getByRole('link', { name: 'Bind a machine' }).getAttribute('href')).toBe('/index/device');
  });

  it('offers a retry when the machines could not be loaded', async () => {
    const user = userEvent.setup();
    const getMyMachines = vi.fn<DevicesApiPort['getMyMachines']>(async () => ({ kind: 'list', machines: [SHEET] }));
    getMyMachines.mockResolvedValueOnce({ kind: 'refused', message: 'down' });
    const devices = fakeDevicesApi({ getMyMachines });
    renderRoutes('/random', [{ path: '/random', Component: RandomFilesScreen }], { fakes: [fake(DevicesApiToken, devices), fake(RandomFilesApiToken, fakeRandomFilesApi())] });
    const failed = await screen.findByTestId('random-machines-failed');
    expect(failed.textContent).toContain('Could not load your machines: down');
    await user.click(within(failed).getByRole('button'));
    await waitFor(() => expect(fileRows()).toHaveLength(4));
  });

  it('speaks Chinese and goes back to the using-knowledge hub', async () => {
    renderRandom('/random', { lang: 'zh' });
    await waitFor(() => expect(fileRows()).toHaveLength(4));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('随机资料');
    expect(screen.getAllByRole('columnheader', { hidden: true }).map((th) => th.textContent)).toEqual(['文件名称', '类别', '大小', '日期', '操作']);
    expect(within(fileRows()[0]!).getByTestId('random-file-download').textContent).toBe('下载');
    expect(screen.getByTestId('page-back').getAttribute('href')).toBe('/index/use');
  });
});
