import { ContainerModule } from 'inversify';
import { fromPromise } from 'xstate';
import { KyKnowledgeAdminApi } from '../adapters/ky/ky-knowledge-admin-api.adapter';
import { articleEditorMachine } from '../domain/knowledge-admin/article-editor.machine';
import { libraryEditorMachine, type NodeChange, type NodeChangeAnswer } from '../domain/knowledge-admin/library-editor.machine';
import type { KnowledgeAdminApiPort } from '../ports/knowledge-api.port';
import { KnowledgeAdminApiToken } from '../ports/api-tokens';
import { KnowledgeAdminMachinesToken, type KnowledgeAdminMachines } from '../ui/knowledge-admin/knowledge-admin-machines';

/** The machine's folder changes as KnowledgeAdmin calls: SaveNode adds or renames, MoveNode, DeleteNode. */
export async function sendNodeChange(api: KnowledgeAdminApiPort, change: NodeChange, signal: AbortSignal): Promise<NodeChangeAnswer> {
  switch (change.kind) {
    case 'add': {
      const answer = await api.saveNode({ Library: change.library, ParentId: change.parentId, Name: change.name, NameEn: change.nameEn }, signal);
      return answer.kind === 'saved' ? { kind: 'done', addedId: answer.id } : answer;
    }
    case 'rename': {
      const body = { Id: change.id, Library: change.library, ParentId: change.parentId, Name: change.name, NameEn: change.nameEn, Sort: change.sort };
      const answer = await api.saveNode(body, signal);
      return answer.kind === 'saved' ? { kind: 'done', addedId: null } : answer;
    }
    case 'move':
    case 'delete': {
      const answer = change.kind === 'move' ? await api.moveNode(change.id, change.parentId, signal) : await api.deleteNode(change.id, signal);
      return answer.kind === 'done' ? { kind: 'done', addedId: null } : answer;
    }
  }
}

/** The staff page's bindings: the KnowledgeAdmin calls (their uploads go through common.module.ts's upload port) and the editors' machines with their calls. */
export const knowledgeAdminModule = new ContainerModule(({ bind }) => {
  bind(KnowledgeAdminApiToken).to(KyKnowledgeAdminApi).inSingletonScope();
  bind(KnowledgeAdminMachinesToken)
    .toDynamicValue((context): KnowledgeAdminMachines => {
      const api = context.get(KnowledgeAdminApiToken);
      return {
        libraryEditor: libraryEditorMachine.provide({
          actors: {
            loadTree: fromPromise(({ input, signal }) => api.getTree(input.library, signal)),
            loadArticles: fromPromise(({ input, signal }) => api.getArticles(input.nodeId, { offset: input.offset, size: input.size }, signal)),
            changeNode: fromPromise(({ input, signal }) => sendNodeChange(api, input, signal)),
          },
        }),
        articleEditor: articleEditorMachine.provide({
          actors: {
            loadArticle: fromPromise(({ input, signal }) => api.getArticle(input.id, signal)),
            saveArticle: fromPromise(({ input, signal }) => api.saveArticle(input, signal)),
            deleteArticle: fromPromise(({ input, signal }) => api.deleteArticle(input.id, signal)),
            // The form hands over the browser's File (the domain knows only its name and size).
            attachFile: fromPromise(({ input, signal }) => api.attachFile(input.articleId, input.file as File, signal)),
            removeAttachment: fromPromise(({ input, signal }) => api.removeAttachment(input.id, signal)),
          },
        }),
        uploadImage: (file) => api.uploadImage(file),
      };
    })
    .inSingletonScope();
});
