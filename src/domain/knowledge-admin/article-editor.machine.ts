import { assign, fromPromise, setup } from 'xstate';
import { ATTACHMENT_MAX_BYTES, refusalMessage, type Article, type Attachment, type ContentLanguage, type Library } from '../knowledge/library';
import { isAbortError } from '../shared/abort';
import type { Refused } from '../shared/refused';
import { draftToSave, isDraftValid, validateDraft, type ArticleDraft, type DraftErrors, type DraftField, type SaveArticleRequest } from './article-draft';

/** KnowledgeAdmin/UploadAttachment takes files up to 64 MB (ADR 0007). */
export { ATTACHMENT_MAX_BYTES };

/** A file picked for upload; the browser's `File` fits (the domain does not know the DOM). */
export interface UploadFile {
  readonly name: string;
  readonly size: number;
}

/** GetArticle's article: with the library it is in. */
export type AdminArticle = Article & { Library: Library };

/** GetArticle's answer. */
export type AdminArticleAnswer = { kind: 'found'; article: AdminArticle } | Refused;
/** SaveArticle's answer: the article's id (a new one's, when it was new). */
export type SaveArticleAnswer = { kind: 'saved'; id: number } | Refused;
/** UploadAttachment's answer: the file as the article lists it. */
export type AttachAnswer = { kind: 'attached'; attachment: Attachment } | Refused;
/** A call that only succeeds or is refused (DeleteArticle, DeleteAttachment). */
export type DoneAnswer = { kind: 'done' } | Refused;

export interface ArticleEditorInput {
  library: Library;
  /** The article to edit; null writes a new one. */
  id: number | null;
  /** A new article's folder and language (the folder chosen on the page). */
  nodeId?: number | null;
  language: ContentLanguage;
}

export interface ArticleEditorContext {
  library: Library;
  id: number | null;
  draft: ArticleDraft;
  /** The body the editor opened with (it reports changes, not this). */
  initialHtml: string;
  attachments: Attachment[];
  errors: DraftErrors;
  /** Errors show after the first submit, then follow the typing. */
  attempted: boolean;
  /** The server's refusal of the last call ('' when none). */
  refusal: string;
  loadError: string;
  /** The draft differs from what was last loaded or saved. */
  dirty: boolean;
  pendingFile: UploadFile | null;
  pendingRemoval: string | null;
}

export type ArticleEditorEvent =
  | { type: 'form.change'; field: DraftField; value: string | number | null }
  | { type: 'form.submit' }
  | { type: 'article.delete' }
  | { type: 'article.reload' }
  | { type: 'attachment.add'; file: UploadFile }
  | { type: 'attachment.remove'; id: string };

/** The id a save answered (its guard let only a saved answer through). */
const savedIdOf = (answer: SaveArticleAnswer): number => (answer.kind === 'saved' ? answer.id : Number.NaN);

function applyChange(draft: ArticleDraft, field: DraftField, value: string | number | null): ArticleDraft {
  switch (field) {
    case 'nodeId':
      return { ...draft, nodeId: typeof value === 'number' && Number.isInteger(value) ? value : null };
    case 'language':
      return { ...draft, language: value === 'en' ? 'en' : 'zh' };
    default:
      return { ...draft, [field]: typeof value === 'string' ? value : '' };
  }
}

/**
 * Writing one article (ADR 0007 staff authoring): GetArticle when editing, the form with its
 * rules (title 1..200, a folder, a body that shows something), SaveArticle, DeleteArticle, and
 * attachments once the article exists (UploadAttachment, DeleteAttachment). Outcomes go to the
 * `notify*` actions the screen provides; a refusal also stays in `refusal`.
 */
/** The message of a call the server refused: kept for the form and told to the screen. */
const refusalOf = ({ event }: { event: { output: { kind: string; message?: string } } }) => ({ message: refusalMessage(event.output) });

export const articleEditorMachine = setup({
  types: {
    context: {} as ArticleEditorContext,
    events: {} as ArticleEditorEvent,
    input: {} as ArticleEditorInput,
    tags: {} as 'busy',
  },
  actors: {
    loadArticle: fromPromise<AdminArticleAnswer, { id: number }>(async () => {
      throw new Error('loadArticle actor not provided');
    }),
    saveArticle: fromPromise<SaveArticleAnswer, SaveArticleRequest>(async () => {
      throw new Error('saveArticle actor not provided');
    }),
    deleteArticle: fromPromise<DoneAnswer, { id: number }>(async () => {
      throw new Error('deleteArticle actor not provided');
    }),
    attachFile: fromPromise<AttachAnswer, { articleId: number; file: UploadFile }>(async () => {
      throw new Error('attachFile actor not provided');
    }),
    removeAttachment: fromPromise<DoneAnswer, { id: string }>(async () => {
      throw new Error('removeAttachment actor not provided');
    }),
  },
  guards: {
    hasId: ({ context }) => context.id !== null,
    isDraftInvalid: ({ context }) => !isDraftValid(context.draft),
    isDone: (_, params: { answer: DoneAnswer }) => params.answer.kind === 'done',
    isArticle: (_, params: { answer: AdminArticleAnswer }) => params.answer.kind === 'found',
    isSaved: (_, params: { answer: SaveArticleAnswer }) => params.answer.kind === 'saved',
    isAttached: (_, params: { answer: AttachAnswer }) => params.answer.kind === 'attached',
    isAbort: (_, params: { error: unknown }) => isAbortError(params.error),
    isFileTooLarge: ({ event }) => event.type === 'attachment.add' && event.file.size > ATTACHMENT_MAX_BYTES,
    canAttach: ({ context, event }) => context.id !== null && event.type === 'attachment.add' && event.file.size > 0,
    isKnownAttachment: ({ context, event }) => event.type === 'attachment.remove' && context.attachments.some((a) => a.Id === event.id),
  },
  actions: {
    change: assign(({ context, event }) => {
      if (event.type !== 'form.change') return {};
      const draft = applyChange(context.draft, event.field, event.value);
      return { draft, dirty: true, refusal: '', errors: context.attempted ? validateDraft(draft) : {} };
    }),
    showErrors: assign(({ context }) => ({ attempted: true, errors: validateDraft(context.draft) })),
    startCall: assign({ refusal: '' }),
    assignArticle: assign((_, params: { answer: AdminArticleAnswer }) => {
      if (params.answer.kind !== 'found') return {};
      const a = params.answer.article;
      return {
        library: a.Library ?? 'knowledge',
        id: a.Id,
        initialHtml: a.HtmlContent ?? '',
        draft: { title: a.Title ?? '', label: a.Lable ?? '', series: a.Series ?? '', language: a.Language === 'en' ? 'en' : 'zh', nodeId: a.NodeId ?? null, html: a.HtmlContent ?? '' },
        attachments: Array.isArray(a.Attachments) ? a.Attachments : [],
        loadError: '',
        dirty: false,
      } satisfies Partial<ArticleEditorContext>;
    }),
    assignLoadError: assign((_, params: { message: string }) => ({ loadError: params.message || 'error' })),
    assignSaved: assign((_, params: { id: number }) => ({ id: params.id, dirty: false, errors: {}, attempted: false })),
    assignRefusal: assign((_, params: { message: string }) => ({ refusal: params.message || 'error' })),
    assignPendingFile: assign(({ event }) => (event.type === 'attachment.add' ? { pendingFile: event.file, refusal: '' } : {})),
    addAttachment: assign(({ context }, params: { answer: AttachAnswer }) =>
      params.answer.kind === 'attached' ? { attachments: [...context.attachments, params.answer.attachment], pendingFile: null } : {},
    ),
    assignPendingRemoval: assign(({ event }) => (event.type === 'attachment.remove' ? { pendingRemoval: event.id, refusal: '' } : {})),
    dropAttachment: assign(({ context }) => ({ attachments: context.attachments.filter((a) => a.Id !== context.pendingRemoval), pendingRemoval: null })),
    clearPending: assign({ pendingFile: null, pendingRemoval: null }),
    /** The article was saved; the screen provides it. */
    notifySaved: (_, _params: { id: number; created: boolean }) => {},
    /** The article was deleted; the screen provides it. */
    notifyDeleted: () => {},
    /** A file was attached or removed; the screen provides it. */
    notifyAttachments: (_, _params: { change: 'added' | 'removed' }) => {},
    /** A file over 64 MB was picked; the screen provides it. */
    notifyTooLarge: () => {},
    /** The server refused a call; the screen provides it. */
    notifyRefused: (_, _params: { message: string }) => {},
    /** The form is not complete; the screen provides it (focus, a toast). */
    notifyInvalid: () => {},
  },
}).createMachine({
  id: 'articleEditor',
  context: ({ input }) => ({
    library: input.library,
    id: input.id,
    draft: { title: '', label: '', series: '', language: input.language, nodeId: input.nodeId ?? null, html: '' },
    initialHtml: '',
    attachments: [],
    errors: {},
    attempted: false,
    refusal: '',
    loadError: '',
    dirty: false,
    pendingFile: null,
    pendingRemoval: null,
  }),
  initial: 'starting',
  on: {
    'form.change': { actions: 'change' },
  },
  states: {
    starting: {
      always: [{ guard: 'hasId', target: 'loading' }, { target: 'editing' }],
    },
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadArticle',
        input: ({ context }) => ({ id: context.id! }),
        onDone: [
          {
            guard: { type: 'isArticle', params: ({ event }) => ({ answer: event.output }) },
            target: 'editing',
            actions: { type: 'assignArticle', params: ({ event }) => ({ answer: event.output }) },
          },
          { target: 'loadFailed', actions: { type: 'assignLoadError', params: ({ event }) => ({ message: refusalMessage(event.output) }) } },
        ],
        onError: [
          { guard: { type: 'isAbort', params: ({ event }) => ({ error: event.error }) } },
          { target: 'loadFailed', actions: { type: 'assignLoadError', params: () => ({ message: '' }) } },
        ],
      },
      // The form is not there yet: nothing to change.
      on: { 'form.change': {} },
    },
    loadFailed: {
      on: { 'article.reload': 'loading', 'form.change': {} },
    },
    editing: {
      on: {
        'form.submit': [
          { guard: 'isDraftInvalid', actions: ['showErrors', 'notifyInvalid'] },
          { target: 'saving', actions: ['showErrors', 'startCall'] },
        ],
        'article.delete': { guard: 'hasId', target: 'deleting', actions: 'startCall' },
        'attachment.add': [
          { guard: 'isFileTooLarge', actions: 'notifyTooLarge' },
          { guard: 'canAttach', target: 'attaching', actions: 'assignPendingFile' },
        ],
        'attachment.remove': { guard: 'isKnownAttachment', target: 'removing', actions: 'assignPendingRemoval' },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        src: 'saveArticle',
        input: ({ context }) => draftToSave(context.draft, context.id),
        onDone: [
          {
            guard: { type: 'isSaved', params: ({ event }) => ({ answer: event.output }) },
            target: 'editing',
            actions: [
              { type: 'notifySaved', params: ({ context, event }) => ({ id: savedIdOf(event.output), created: context.id === null }) },
              { type: 'assignSaved', params: ({ event }) => ({ id: savedIdOf(event.output) }) },
            ],
          },
          {
            target: 'editing',
            actions: [
              { type: 'assignRefusal', params: refusalOf },
              { type: 'notifyRefused', params: refusalOf },
            ],
          },
        ],
        onError: { target: 'editing' },
      },
    },
    deleting: {
      tags: ['busy'],
      invoke: {
        src: 'deleteArticle',
        input: ({ context }) => ({ id: context.id! }),
        onDone: [
          { guard: { type: 'isDone', params: ({ event }) => ({ answer: event.output }) }, target: 'deleted', actions: 'notifyDeleted' },
          {
            target: 'editing',
            actions: [
              { type: 'assignRefusal', params: refusalOf },
              { type: 'notifyRefused', params: refusalOf },
            ],
          },
        ],
        onError: { target: 'editing' },
      },
    },
    attaching: {
      tags: ['busy'],
      invoke: {
        src: 'attachFile',
        input: ({ context }) => ({ articleId: context.id!, file: context.pendingFile! }),
        onDone: [
          {
            guard: { type: 'isAttached', params: ({ event }) => ({ answer: event.output }) },
            target: 'editing',
            actions: [
              { type: 'addAttachment', params: ({ event }) => ({ answer: event.output }) },
              { type: 'notifyAttachments', params: { change: 'added' as const } },
            ],
          },
          {
            target: 'editing',
            actions: [
              'clearPending',
              { type: 'assignRefusal', params: refusalOf },
              { type: 'notifyRefused', params: refusalOf },
            ],
          },
        ],
        onError: { target: 'editing', actions: 'clearPending' },
      },
    },
    removing: {
      tags: ['busy'],
      invoke: {
        src: 'removeAttachment',
        input: ({ context }) => ({ id: context.pendingRemoval! }),
        onDone: [
          {
            guard: { type: 'isDone', params: ({ event }) => ({ answer: event.output }) },
            target: 'editing',
            actions: ['dropAttachment', { type: 'notifyAttachments', params: { change: 'removed' as const } }],
          },
          {
            target: 'editing',
            actions: [
              'clearPending',
              { type: 'assignRefusal', params: refusalOf },
              { type: 'notifyRefused', params: refusalOf },
            ],
          },
        ],
        onError: { target: 'editing', actions: 'clearPending' },
      },
    },
    deleted: { type: 'final' },
  },
});
