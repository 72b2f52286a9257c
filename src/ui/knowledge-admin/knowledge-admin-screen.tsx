import { shallowEqual, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { NodeChange, NodeChangeKind } from '../../domain/knowledge-admin/library-editor.machine';
import { moveTargets, nodeName } from '../../domain/knowledge-admin/library-tree';
import { LIBRARIES, type Library } from '../../domain/knowledge/library';
import { NotifierToken } from '../../ports/tokens';
import { useService } from '../common/services-context';
import { useFreshActor } from '../common/use-fresh-actor';
import { useLanguage, useT } from '../i18n/language-context';
import { ArticleEditorScreen } from './article-editor-screen';
import { ConfirmDialog, FolderNamesDialog, MoveFolderDialog } from './folder-dialogs';
import { FolderPanelView } from './folder-panel-view';
import { useKnowledgeAdminMachines } from './knowledge-admin-machines';
import { selectLibraryPage } from './knowledge-admin.selectors';
import { KnowledgeAdminView } from './knowledge-admin-view';
import { useLatest } from '../common/use-latest';

type DialogKind = 'add' | 'rename' | 'move' | 'delete';

const asLibrary = (value: string | null): Library => (LIBRARIES as readonly string[]).includes(value ?? '') ? (value as Library) : 'knowledge';
const asId = (value: string | null): number | null => (value && /^\d+$/.test(value) ? Number(value) : null);

/**
 * `/staff/knowledge`: staff edit the four libraries (ADR 0007). The address keeps the library,
 * the chosen folder and the open article (`?library=&node=&article=new|id`), so a reload or a
 * shared link opens the same place. Callers who are not staff get the server's 403 and see the
 * staff-only note.
 */
export default function KnowledgeAdminScreen() {
  const { libraryEditor } = useKnowledgeAdminMachines();
  const notifier = useService(NotifierToken);
  const t = useT();
  const { language } = useLanguage();
  const [params, setParams] = useSearchParams();
  const [dialog, setDialog] = useState<DialogKind | null>(null);
  // A new session of the article form each time staff open one (a save only renames it in the address).
  const [session, setSession] = useState(0);
  const translate = useLatest(t);

  // The toast and closing the dialog are this screen's own; the calls come provided.
  const definition = useMemo(
    () =>
      libraryEditor.provide({
        actions: {
          notifyDone: (_, { kind }) => {
            notifier.success(translate.current(`knowledgeAdmin.folder.done.${kind}`));
            setDialog(null);
          },
          notifyRefused: () => {
            // The open dialog shows the refusal next to the action that was refused.
          },
        },
      }),
    [libraryEditor, notifier],
  );
  const actor = useFreshActor(definition, { input: { library: asLibrary(params.get('library')), selectedId: asId(params.get('node')) } });
  const model = useSelector(actor, (snapshot) => selectLibraryPage(snapshot, language, t('knowledgeAdmin.root.name')), shallowEqual);

  const articleParam = params.get('article');
  const articleOpen = articleParam === 'new' || asId(articleParam) !== null;

  // The address follows the machine's library and folder, and the open article. Every change
  // starts from the newest address we asked for: the updater form of setParams sees the address of
  // the last render, so a folder sync right after a click would otherwise drop `article=new`.
  const latest = useRef(params);
  const seen = useRef(params);
  if (seen.current !== params) {
    seen.current = params;
    latest.current = params;
  }
  const updateParams = (change: (next: URLSearchParams) => void, replace: boolean) => {
    const next = new URLSearchParams(latest.current);
    change(next);
    if (next.toString() === latest.current.toString()) return;
    latest.current = next;
    setParams(next, { replace });
  };

  const selectedId = model.selected?.node.id ?? null;
  useEffect(() => {
    if (model.status !== 'ready') return;
    updateParams((next) => {
      next.set('library', model.library);
      if (selectedId !== null) next.set('node', String(selectedId));
      else next.delete('node');
    }, true);
    // updateParams reads refs only; the sync runs when the machine's place changes.
  }, [model.status, model.library, selectedId]);

  const setArticle = (value: string | null, replace = false) =>
    updateParams((next) => {
      if (value === null) next.delete('article');
      else next.set('article', value);
    }, replace);
  const openArticle = (value: string) => {
    setSession((n) => n + 1);
    setArticle(value);
    window.scrollTo({ top: 0 });
  };
  const closeArticle = () => setArticle(null);

  const selected = model.selected;
  const change = (next: NodeChange) => actor.send({ type: 'node.change', change: next });
  const refusalFor = (kind: NodeChangeKind) => (model.refusal?.kind === kind ? model.refusal.message : undefined);
  const closeDialog = () => {
    setDialog(null);
    actor.send({ type: 'refusal.clear' });
  };

  const dialogs = selected && dialog && (
    <>
      {dialog === 'add' && (
        <FolderNamesDialog
          title={selected.role === 'root' ? t('knowledgeAdmin.folder.addTopTitle') : t('knowledgeAdmin.folder.addTitle', { parent: selected.name })}
          hint={selected.role === 'root' ? t('knowledgeAdmin.folder.addTopHint') : undefined}
          initial={{ name: '', nameEn: '' }}
          busy={model.changing === 'add'}
          refusal={refusalFor('add')}
          onSubmit={(names) => change({ kind: 'add', library: model.library, parentId: selected.node.id, ...names })}
          onClose={closeDialog}
        />
      )}
      {dialog === 'rename' && (
        <FolderNamesDialog
          title={t('knowledgeAdmin.folder.renameTitle', { name: selected.name })}
          initial={{ name: selected.node.name, nameEn: selected.node.nameEn }}
          busy={model.changing === 'rename'}
          refusal={refusalFor('rename')}
          onSubmit={(names) =>
            change({ kind: 'rename', library: model.library, id: selected.node.id, parentId: selected.node.parentId ?? 0, sort: selected.node.sort, ...names })
          }
          onClose={closeDialog}
        />
      )}
      {dialog === 'move' && (
        <MoveFolderDialog
          title={t('knowledgeAdmin.folder.moveTitle', { name: selected.name })}
          targets={moveTargets(model.placed, selected.node).map((p) => ({
            id: p.node.id,
            label: `${'· '.repeat(Math.max(0, p.depth - 1))}${p.path.map((n) => nodeName(n, language)).join(' / ')}`,
          }))}
          busy={model.changing === 'move'}
          refusal={refusalFor('move')}
          onSubmit={(parentId) => change({ kind: 'move', id: selected.node.id, parentId })}
          onClose={closeDialog}
        />
      )}
      {dialog === 'delete' && (
        <ConfirmDialog
          title={t('knowledgeAdmin.folder.deleteTitle', { name: selected.name })}
          body={t('knowledgeAdmin.folder.deleteBody')}
          confirmLabel={t('knowledgeAdmin.folder.confirmDelete')}
          busy={model.changing === 'delete'}
          refusal={refusalFor('delete')}
          onConfirm={() => change({ kind: 'delete', id: selected.node.id })}
          onClose={closeDialog}
          testId="admin-delete-dialog"
        />
      )}
    </>
  );

  const articleId = asId(articleParam);
  return (
    <KnowledgeAdminView
      model={model}
      onPickLibrary={(library) => {
        if (library === model.library) return;
        closeArticle();
        actor.send({ type: 'library.pick', library });
      }}
      onSelect={(id) => {
        if (articleOpen) closeArticle();
        actor.send({ type: 'node.select', id });
      }}
      onRetry={() => actor.send({ type: 'tree.reload' })}
      contentFocused={articleOpen}
    >
      {articleOpen ? (
        <ArticleEditorScreen
          key={session}
          library={model.library}
          articleId={articleId}
          nodeId={selected?.actions.holdsArticles ? selected.node.id : null}
          language={selected?.node.lang ?? language}
          placed={model.placed}
          onBack={closeArticle}
          onSaved={(id, created) => {
            if (created) setArticle(String(id), true);
            actor.send({ type: 'tree.refresh' });
          }}
          onDeleted={() => {
            closeArticle();
            actor.send({ type: 'tree.refresh' });
          }}
          onLibrary={(library) => actor.send({ type: 'library.pick', library })}
        />
      ) : (
        <FolderPanelView
          model={model}
          onAdd={() => setDialog('add')}
          onRename={() => setDialog('rename')}
          onMove={() => setDialog('move')}
          onDelete={() => setDialog('delete')}
          onNewArticle={() => openArticle('new')}
          onOpenArticle={(id) => openArticle(String(id))}
          onPage={(page) => actor.send({ type: 'articles.page', page })}
          onRetryArticles={() => actor.send({ type: 'articles.reload' })}
        />
      )}
      {dialogs}
    </KnowledgeAdminView>
  );
}
