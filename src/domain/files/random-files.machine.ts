import { assign, fromPromise, setup } from 'xstate';
import type { FleetAnswer, MyMachine } from '../devices/fleet';
import { isAbortError } from '../shared/abort';
import type { Refused } from '../shared/refused';

/** A random file as `RandomCenter/GetPLMRandomFile` answers it (ADR 0007). */
export interface RandomFileRow {
  Id: string;
  FileName: string;
  FilePath: string;
  Title: string;
  FileClassify: string;
  MachineType: 0 | 1;
  CreateTime: string;
  Size: number;
}

/** A machine of the left-hand list. */
export type RandomMachine = Pick<MyMachine, 'ordernumber' | 'name' | 'seriesname'>;

/** A machine's random files (none when it has none or is not the caller's), or the refusal ('' when a dialog already told). */
export type FilesAnswer = { kind: 'list'; files: RandomFileRow[] } | Refused;

/** What `RandomCenter/Download` answered: the file (with the server's name when it gave one), or a refusal. */
export type FileAnswer = { kind: 'file'; blob: Blob; fileName: string | null } | Refused;

/** Save the file, or open it in a new tab. */
export type TransferMode = 'download' | 'view';

export interface Transfer {
  id: string;
  mode: TransferMode;
}

export interface RandomFilesInput {
  /** The order number the address names (query `order`); the first machine when absent or not the caller's. */
  order?: string | null;
}

export interface RandomFilesContext {
  machines: RandomMachine[];
  /** What the order-number search box holds. */
  search: string;
  /** The chosen machine's order number; null while there is none. */
  selected: string | null;
  /** The order number asked for at the start, until the machines arrive. */
  wanted: string | null;
  files: RandomFileRow[];
  /** The machine `files` belong to. */
  filesOf: string | null;
  /** The server's refusal of the last load ('' when the call itself failed or for an expired login). */
  error: string;
  transfer: Transfer | null;
}

export type RandomFilesEvent =
  | { type: 'machines.retry' }
  | { type: 'machine.choose'; orderNumber: string }
  | { type: 'search.change'; value: string }
  | { type: 'search.submit' }
  | { type: 'files.retry' }
  | { type: 'file.download'; id: string }
  | { type: 'file.view'; id: string };

/** The search box compares order numbers without spaces and case. */
const normalise = (value: string) => value.replace(/\s+/g, '').toLowerCase();

/** The machines whose order number (or name) contains what the search box holds; all of them for an empty box. */
export function visibleMachines<M extends RandomMachine>(machines: readonly M[], search: string): M[] {
  const needle = normalise(search);
  if (!needle) return [...machines];
  return machines.filter((m) => normalise(m.ordernumber).includes(needle) || normalise(m.name).includes(needle));
}

/** The machine a search submits to: the exact order number, else the only match; null otherwise. */
export function searchTarget(machines: readonly RandomMachine[], search: string): string | null {
  const needle = normalise(search);
  if (!needle) return null;
  const exact = machines.find((m) => normalise(m.ordernumber) === needle);
  if (exact) return exact.ordernumber;
  const matches = visibleMachines(machines, search);
  return matches.length === 1 ? matches[0]!.ordernumber : null;
}

const tidyMachine = (m: MyMachine): RandomMachine => ({ ordernumber: m.ordernumber, name: m.name, seriesname: m.seriesname });

/**
 * The random-file page (spec 3): load the caller's machines, choose one (the address's, else the
 * first), filter the list with the order-number search box, load the chosen machine's files, and
 * download or view one file at a time. The screen provides `saveFile`, `openFile` (a new tab),
 * `rememberChoice` (the address query) and the notifications.
 */
export const randomFilesMachine = setup({
  types: {
    context: {} as RandomFilesContext,
    events: {} as RandomFilesEvent,
    input: {} as RandomFilesInput,
    tags: {} as 'busy',
  },
  actors: {
    loadMachines: fromPromise<FleetAnswer>(async () => {
      throw new Error('loadMachines actor not provided');
    }),
    loadFiles: fromPromise<FilesAnswer, { orderNumber: string }>(async () => {
      throw new Error('loadFiles actor not provided');
    }),
    fetchFile: fromPromise<FileAnswer, Transfer>(async () => {
      throw new Error('fetchFile actor not provided');
    }),
  },
  guards: {
    isAborted: ({ event }) => isAbortError((event as { error?: unknown }).error),
    isMachineList: (_, params: { answer: FleetAnswer }) => params.answer.kind === 'list',
    isFileList: (_, params: { answer: FilesAnswer }) => params.answer.kind === 'list',
    hasSelection: ({ context }) => context.selected !== null,
    isOwnMachine: ({ context }, params: { orderNumber: string | null }) =>
      params.orderNumber !== null && context.machines.some((m) => m.ordernumber === params.orderNumber),
    isFile: (_, params: { answer: FileAnswer }) => params.answer.kind === 'file',
    isFileToOpen: (_, params: { answer: FileAnswer; mode: TransferMode | undefined }) => params.answer.kind === 'file' && params.mode === 'view',
  },
  actions: {
    assignMachines: assign(({ context }, params: { answer: FleetAnswer }) => {
      const read = params.answer;
      if (read.kind === 'refused') return { error: read.message };
      const machines = read.machines.map(tidyMachine);
      const keep = context.selected ?? context.wanted;
      const selected = machines.find((m) => m.ordernumber === keep)?.ordernumber ?? machines[0]?.ordernumber ?? null;
      return { machines, selected, wanted: null, error: '' };
    }),
    assignRefusal: assign((_, params: { answer: FilesAnswer }) => ({ error: params.answer.kind === 'refused' ? params.answer.message : '' })),
    clearError: assign({ error: '' }),
    select: assign((_, params: { orderNumber: string }) => ({ selected: params.orderNumber })),
    assignFiles: assign(({ context }, params: { answer: FilesAnswer }) =>
      params.answer.kind === 'list' ? { files: params.answer.files, filesOf: context.selected, error: '' } : {},
    ),
    clearFiles: assign({ files: [], filesOf: null }),
    assignSearch: assign((_, params: { value: string }) => ({ search: params.value.slice(0, 100) })),
    assignTransfer: assign((_, params: Transfer) => ({ transfer: { id: params.id, mode: params.mode } })),
    clearTransfer: assign({ transfer: null }),
    /** Keeps the chosen machine in the address (query `order`; '' when there is none); the screen provides it. */
    rememberChoice: (_, _params: { orderNumber: string }) => {},
    /** Hands the file to the browser's downloads; the screen provides it. */
    saveFile: (_, _params: { blob: Blob; fileName: string }) => {},
    /** Opens the file in a new tab; the screen provides it. */
    openFile: (_, _params: { blob: Blob; fileName: string }) => {},
    /** Spec 3 section 8: 文件下载失败或此文件不存在; the screen provides it. */
    notifyMissing: () => {},
    /** A transfer got no answer (the HTTP adapter showed its dialog): the screen tidies up. */
    transferFailed: () => {},
  },
}).createMachine({
  id: 'randomFiles',
  context: ({ input }) => ({
    machines: [],
    search: '',
    selected: null,
    wanted: typeof input.order === 'string' && input.order.trim() ? input.order.trim() : null,
    files: [],
    filesOf: null,
    error: '',
    transfer: null,
  }),
  on: {
    'search.change': { actions: { type: 'assignSearch', params: ({ event }) => ({ value: event.value }) } },
  },
  initial: 'loadingMachines',
  states: {
    loadingMachines: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        src: 'loadMachines',
        onDone: [
          {
            guard: { type: 'isMachineList', params: ({ event }) => ({ answer: event.output }) },
            target: 'ready',
            actions: [
              { type: 'assignMachines', params: ({ event }) => ({ answer: event.output }) },
              { type: 'rememberChoice', params: ({ context }) => ({ orderNumber: context.selected ?? '' }) },
            ],
          },
          { target: 'machinesFailed', actions: { type: 'assignMachines', params: ({ event }) => ({ answer: event.output }) } },
        ],
        // No answer: the HTTP adapter already showed the network or timeout dialog.
        onError: [{ guard: 'isAborted' }, { target: 'machinesFailed' }],
      },
    },
    machinesFailed: {
      on: { 'machines.retry': 'loadingMachines' },
    },
    ready: {
      type: 'parallel',
      states: {
        files: {
          initial: 'choosing',
          on: {
            'machine.choose': {
              guard: { type: 'isOwnMachine', params: ({ event }) => ({ orderNumber: event.orderNumber }) },
              target: '.choosing',
              actions: [
                { type: 'select', params: ({ event }) => ({ orderNumber: event.orderNumber }) },
                { type: 'rememberChoice', params: ({ event }) => ({ orderNumber: event.orderNumber }) },
              ],
            },
            'search.submit': {
              guard: { type: 'isOwnMachine', params: ({ context }) => ({ orderNumber: searchTarget(context.machines, context.search) }) },
              target: '.choosing',
              actions: [
                { type: 'select', params: ({ context }) => ({ orderNumber: searchTarget(context.machines, context.search)! }) },
                { type: 'rememberChoice', params: ({ context }) => ({ orderNumber: searchTarget(context.machines, context.search)! }) },
              ],
            },
          },
          states: {
            // Passed through on every choice, so the loading state is left and entered again (a
            // reentering transition on a region would restart the sibling transfer region too).
            choosing: {
              always: [{ guard: 'hasSelection', target: 'loading' }, { target: 'none' }],
            },
            /** The caller has no machine. */
            none: {},
            loading: {
              tags: ['busy'],
              entry: ['clearFiles', 'clearError'],
              invoke: {
                src: 'loadFiles',
                input: ({ context }) => ({ orderNumber: context.selected! }),
                onDone: [
                  {
                    guard: { type: 'isFileList', params: ({ event }) => ({ answer: event.output }) },
                    target: 'loaded',
                    actions: { type: 'assignFiles', params: ({ event }) => ({ answer: event.output }) },
                  },
                  { target: 'failed', actions: { type: 'assignRefusal', params: ({ event }) => ({ answer: event.output }) } },
                ],
                onError: [{ guard: 'isAborted' }, { target: 'failed' }],
              },
            },
            loaded: {},
            failed: {
              on: { 'files.retry': 'loading' },
            },
          },
        },
        transfer: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'file.download': {
                  target: 'working',
                  actions: { type: 'assignTransfer', params: ({ event }) => ({ id: event.id, mode: 'download' as const }) },
                },
                'file.view': {
                  target: 'working',
                  actions: { type: 'assignTransfer', params: ({ event }) => ({ id: event.id, mode: 'view' as const }) },
                },
              },
            },
            working: {
              invoke: {
                src: 'fetchFile',
                input: ({ context }) => context.transfer!,
                onDone: [
                  {
                    guard: { type: 'isFileToOpen', params: ({ context, event }) => ({ answer: event.output, mode: context.transfer?.mode }) },
                    target: 'idle',
                    actions: [{ type: 'openFile', params: ({ context, event }) => fileParams(context, event.output) }, 'clearTransfer'],
                  },
                  {
                    guard: { type: 'isFile', params: ({ event }) => ({ answer: event.output }) },
                    target: 'idle',
                    actions: [{ type: 'saveFile', params: ({ context, event }) => fileParams(context, event.output) }, 'clearTransfer'],
                  },
                  { target: 'idle', actions: ['notifyMissing', 'clearTransfer'] },
                ],
                onError: { target: 'idle', actions: ['transferFailed', 'clearTransfer'] },
              },
            },
          },
        },
      },
    },
  },
});

/** The file and the name it is saved under: the server's, else the row's, else its id. */
function fileParams(context: RandomFilesContext, answer: FileAnswer): { blob: Blob; fileName: string } {
  if (answer.kind !== 'file') return { blob: new Blob([]), fileName: '' };
  const row = context.files.find((f) => f.Id === context.transfer?.id);
  return { blob: answer.blob, fileName: answer.fileName || row?.FileName || `${context.transfer?.id ?? 'file'}.pdf` };
}
