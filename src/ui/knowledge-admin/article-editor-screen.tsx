import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import type { PlacedNode } from '../../domain/knowledge-admin/library-tree';
import type { ContentLanguage, Library } from '../../domain/knowledge/library';
import { NotifierToken } from '../../ports/tokens';
import { useService } from '../common/services-context';
import { useFreshActor } from '../common/use-fresh-actor';
import { useLanguage, useT } from '../i18n/language-context';
import { ArticleEditorView } from './article-editor-view';
import { useKnowledgeAdminMachines } from './knowledge-admin-machines';
import { folderChoices, selectArticleForm } from './knowledge-admin.selectors';
import { useLatest } from '../common/use-latest';

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

/** The article form connected to its machine (its calls provided by the app); outcomes are toasts. */
export function ArticleEditorScreen(props: ArticleEditorScreenProps) {
  const { articleEditor, uploadImage: upload } = useKnowledgeAdminMachines();
  const notifier = useService(NotifierToken);
  const t = useT();
  const { language: uiLanguage } = useLanguage();
  // The machine keeps the actions of its first render; these read the current values.
  const live = useLatest({ t, props });

  // Toasts and the page's callbacks are this screen's own; the calls come provided.
  const definition = useMemo(
    () =>
      articleEditor.provide({
        actions: {
          notifySaved: (_, params) => {
            notifier.success(live.current.t(params.created ? 'knowledgeAdmin.article.created' : 'knowledgeAdmin.article.saved'));
            live.current.props.onSaved(params.id, params.created);
          },
          notifyDeleted: () => {
            notifier.success(live.current.t('knowledgeAdmin.article.deleted'));
            live.current.props.onDeleted();
          },
          notifyAttachments: (_, params) =>
            notifier.success(live.current.t(params.change === 'added' ? 'knowledgeAdmin.attachments.added' : 'knowledgeAdmin.attachments.removed')),
          notifyTooLarge: () => notifier.error(live.current.t('knowledgeAdmin.attachments.tooLarge')),
          notifyRefused: (_, params) => notifier.error(live.current.t('knowledgeAdmin.article.refused', { info: params.message })),
          notifyInvalid: () => notifier.warning(live.current.t('knowledgeAdmin.article.invalid')),
        },
      }),
    [articleEditor, notifier],
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
    const answer = await upload(file);
    if (answer.kind !== 'uploaded') throw new Error(answer.message || t('knowledgeAdmin.upload.failed'));
    return answer.url;
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
