import type { SnapshotFrom } from 'xstate';
import { randomFilesMachine, visibleMachines, type TransferMode } from '../../domain/files/random-files.machine';

/** The classifications the page names in the reader's language; any other shows as the server wrote it. */
export const KNOWN_CLASSIFICATIONS: readonly string[] = ['certificate', 'schematic', 'packing-list', 'test-report', 'manual'];

/** A machine of the left-hand list. */
export interface MachineItem {
  orderNumber: string;
  name: string;
  selected: boolean;
}

/** A row of the file table. */
export interface FileItem {
  id: string;
  title: string;
  fileName: string;
  /** The message key of a known classification, else null (then `classify` is shown as is). */
  classifyKey: string | null;
  classify: string;
  size: number;
  created: string;
  /** What is being done with this file right now. */
  busy: TransferMode | null;
}

/** The right-hand table of the chosen machine. */
export interface FilesPanel {
  status: 'loading' | 'failed' | 'empty' | 'ready';
  error: string;
  orderNumber: string;
  name: string;
  rows: FileItem[];
}

/** What the random-file page shows. */
export interface RandomFilesViewModel {
  /** empty: the caller has no machine. */
  status: 'loading' | 'failed' | 'empty' | 'ready';
  error: string;
  search: string;
  /** The machines the search box lets through. */
  machines: MachineItem[];
  total: number;
  files: FilesPanel | null;
  /** A download or view is on its way (one at a time). */
  transferring: boolean;
}

type Snapshot = SnapshotFrom<typeof randomFilesMachine>;

/** The machine's snapshot as the page's view model. */
export function selectRandomFiles(snapshot: Snapshot): RandomFilesViewModel {
  const { context } = snapshot;
  const status = snapshot.matches('loadingMachines')
    ? 'loading'
    : snapshot.matches('machinesFailed')
      ? 'failed'
      : context.machines.length === 0
        ? 'empty'
        : 'ready';
  const chosen = context.machines.find((m) => m.ordernumber === context.selected) ?? null;
  const filesStatus: FilesPanel['status'] = snapshot.matches({ ready: { files: 'failed' } })
    ? 'failed'
    : snapshot.matches({ ready: { files: 'loaded' } })
      ? context.files.length
        ? 'ready'
        : 'empty'
      : 'loading';
  return {
    status,
    error: status === 'failed' ? context.error : '',
    search: context.search,
    machines: visibleMachines(context.machines, context.search).map((m) => ({
      orderNumber: m.ordernumber,
      name: m.name,
      selected: m.ordernumber === context.selected,
    })),
    total: context.machines.length,
    files:
      status === 'ready' && chosen
        ? {
            status: filesStatus,
            error: filesStatus === 'failed' ? context.error : '',
            orderNumber: chosen.ordernumber,
            name: chosen.name,
            rows: context.files.map((f) => ({
              id: f.Id,
              title: f.Title,
              fileName: f.FileName,
              classifyKey: KNOWN_CLASSIFICATIONS.includes(f.FileClassify) ? `randomFiles.classify.${f.FileClassify}` : null,
              classify: f.FileClassify,
              size: f.Size,
              created: f.CreateTime,
              busy: context.transfer?.id === f.Id ? context.transfer.mode : null,
            })),
          }
        : null,
    transferring: context.transfer !== null,
  };
}
