import type { ServiceIdentifier } from 'inversify';
import type { articleEditorMachine } from '../../domain/knowledge-admin/article-editor.machine';
import type { libraryEditorMachine } from '../../domain/knowledge-admin/library-editor.machine';
import type { Refused } from '../../domain/shared/refused';
import { useService } from '../common/services-context';

/**
 * The staff page's machines with their KnowledgeAdmin calls provided (app/knowledge-admin.module.ts);
 * the screens add what is purely theirs to do (toasts, closing a dialog, the address).
 */
export interface KnowledgeAdminMachines {
  libraryEditor: typeof libraryEditorMachine;
  articleEditor: typeof articleEditorMachine;
  /** The rich-text editor's image upload: it asks for a picture's address as it is pasted or chosen. */
  uploadImage(file: File): Promise<{ kind: 'uploaded'; url: string } | Refused>;
}

export const KnowledgeAdminMachinesToken: ServiceIdentifier<KnowledgeAdminMachines> = Symbol.for('KnowledgeAdminMachines');

/** The staff page's ready machines. */
export const useKnowledgeAdminMachines = (): KnowledgeAdminMachines => useService(KnowledgeAdminMachinesToken);
