import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import { articleEditorMachine } from '../../domain/knowledge-admin/article-editor.machine';
import type { PlacedNode } from '../../domain/knowledge-admin/library-tree';
import type { ContentLanguage, Library } from '../../domain/knowledge/library';
import { useOptionalPort } from '../common/services-context';
import { useFreshActor } from '../common/use-fresh-actor';
import { useLanguage, useT } from '../i18n/language-context';
import { ArticleEditorView } from './article-editor-view';
import { useKnowledgeAdminApi } from './knowledge-admin-ports';
import { folderChoices, selectArticleForm } from './knowledge-admin.selectors';

export interface ArticleEditorScreenProps {
  library: Library;
  /** The article to edit; null writes a new one. */
  articleId: number | null;
  /** A new article's folder (the folder chosen on the page) and language. */
  nodeId: number | null;
  language: ContentLanguage;
  /** The library's tree, for the folder picker. */
  placed: PlacedNode[];
  onBack: () => void;
  onSaved: (id: number, created: boolean) => void;
  onDeleted: () => void;
  /** The loaded article is in another library than the page shows. */
  onLibrary: (library: Library) => void;
}

/** The article form connected to its machine and the KnowledgeAdmin calls; outcomes are toasts. */
export function ArticleEditorScreen(props: ArticleEditorScreenProps) {
  const api = useKnowledgeAdminApi();
  const notifier = useOptionalPort('NotifierPort');
  const t = useT();
  const { language: uiLanguage } = useLanguage();
  // The machine keeps the actions of its first render; these read the current values.
  const live = useRef({ t, props });
  live.current = { t, props };

  const definition = useMemo(
    () =>
      articleEditorMachine.provide({
        actors: {
          loadArticle: fromPromise(({ input, signal }) => api.getArticle(input.id, signal)),
          saveArticle: fromPromise(({ input, signal }) => api.saveArticle(input, signal)),
          deleteArticle: fromPromise(({ input, signal }) => api.deleteArticle(input.id, signal)),
          attachFile: fromPromise(({ input, signal }) => api.attachFile(input.articleId, input.file as File, signal)),
          removeAttachment: fromPromise(({ input, signal }) => api.removeAttachment(input.id, signal)),
        },
        actions: {
          notifySaved: (_, params) => {
            notifier?.success(live.current.t(params.created ? 'knowledgeAdmin.article.created' : 'knowledgeAdmin.article.saved'));
            live.current.props.onSaved(params.id, params.created);
          },
          notifyDeleted: () => {
            notifier?.success(live.current.t('knowledgeAdmin.article.deleted'));
            live.current.props.onDeleted();
          },
          notifyAttachments: (_, params) =>
            notifier?.success(live.current.t(params.change === 'added' ? 'knowledgeAdmin.attachments.added' : 'knowledgeAdmin.attachments.removed')),
          notifyTooLarge: () => notifier?.error(live.current.t('knowledgeAdmin.attachments.tooLarge')),
          notifyRefused: (_, params) => notifier?.error(live.current.t('knowledgeAdmin.article.refused', { info: params.info })),
          notifyInvalid: () => notifier?.warning(live.current.t('knowledgeAdmin.article.invalid')),
        },
      }),
    [api, notifier],
  );
  const actor = useFreshActor(definition, {
    input: { library: props.library, id: props.articleId, nodeId: props.nodeId, language: props.language },
  });
  const model = useSelector(actor, selectArticleForm);
  const loadedLibrary = useSelector(actor, (snapshot) => snapshot.context.library);

  useEffect(() => {
    if (loadedLibrary !== props.library) props.onLibrary(loadedLibrary);
  }, [loadedLibrary, props]);

  const folders = useMemo(() => folderChoices(props.placed, model.draft.language, uiLanguage), [props.placed, model.draft.language, uiLanguage]);

  const uploadImage = async (file: File): Promise<string> => {
    const answer = await api.uploadImage(file);
    if (answer.code !== 200 || !answer.ReturnData?.Url) throw new Error(answer.info || t('knowledgeAdmin.upload.failed'));
    return answer.ReturnData.Url;
  };

  return (
    <ArticleEditorView
      model={model}
      folders={folders}
      onChange={(field, value) => actor.send({ type: 'form.change', field, value })}
      onLanguage={(language) => {
        actor.send({ type: 'form.change', field: 'language', value: language });
        // A folder of the other branch cannot hold it.
        const keeps = folderChoices(props.placed, language, uiLanguage).some((f) => f.id === model.draft.nodeId);
        if (!keeps) actor.send({ type: 'form.change', field: 'nodeId', value: null });
      }}
      onSubmit={() => actor.send({ type: 'form.submit' })}
      onDelete={() => actor.send({ type: 'article.delete' })}
      onBack={props.onBack}
      onReload={() => actor.send({ type: 'article.reload' })}
      onAttach={(file) => actor.send({ type: 'attachment.add', file })}
      onRemoveAttachment={(id) => actor.send({ type: 'attachment.remove', id })}
      uploadImage={uploadImage}
    />
  );
}
