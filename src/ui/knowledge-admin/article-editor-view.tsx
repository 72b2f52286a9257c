import { Alert, Badge, Box, Button, chakra, Field, Flex, Grid, Heading, IconButton, Input, NativeSelect, Skeleton, Spinner, Stack, Text } from '@chakra-ui/react';
import { useRef, useState, type FormEvent } from 'react';
import { LABEL_MAX, SERIES_MAX, TITLE_MAX, type DraftField } from '../../domain/knowledge-admin/article-draft';
import type { ContentLanguage } from '../../domain/knowledge/library';
import { LazyRichTextEditor } from '../common/lazy-rich-text-editor';
import { useT } from '../i18n/language-context';
import { ConfirmDialog } from './folder-dialogs';
import type { ArticleFormModel, FolderChoice } from './knowledge-admin.selectors';

export interface ArticleEditorViewProps {
  model: ArticleFormModel;
  /** Folders of the draft's language. */
  folders: FolderChoice[];
  onChange: (field: DraftField, value: string | number | null) => void;
  onLanguage: (language: ContentLanguage) => void;
  onSubmit: () => void;
  onDelete: () => void;
  onBack: () => void;
  onReload: () => void;
  onAttach: (file: File) => void;
  onRemoveAttachment: (id: string) => void;
  uploadImage: (file: File) => Promise<string>;
}

function BackIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" aria-hidden="true">
      <path d="M15 18l-6-6 6-6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

function Attachments({ model, onAttach, onRemove }: { model: ArticleFormModel; onAttach: (file: File) => void; onRemove: (id: string) => void }) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const saved = model.id !== null;
  return (
    <Box borderWidth="1px" borderColor="gray.200" borderRadius="xl" p={{ base: 3, md: 4 }} data-testid="admin-attachments">
      <Flex align={{ base: 'stretch', sm: 'center' }} direction={{ base: 'column', sm: 'row' }} gap="2" mb="2">
        <Box flex="1">
          <Heading as="h3" fontSize="sm" color="gray.900">
            {t('knowledgeAdmin.attachments.title')}
          </Heading>
          <Text fontSize="xs" color="gray.500">
            {saved ? t('knowledgeAdmin.attachments.hint') : t('knowledgeAdmin.attachments.saveFirst')}
          </Text>
        </Box>
        <Button size="sm" variant="outline" onClick={() => input.current?.click()} disabled={!saved || model.busy} alignSelf={{ base: 'flex-start', sm: 'center' }} data-testid="admin-attachment-add">
          {t('knowledgeAdmin.attachments.add')}
        </Button>
        <input
          ref={input}
          type="file"
          hidden
          data-testid="admin-attachment-input"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = '';
            if (file) onAttach(file);
          }}
        />
      </Flex>
      {model.uploadingName !== null && (
        <Flex align="center" gap="2" fontSize="sm" color="gray.600" py="1" role="status">
          <Spinner size="xs" />
          {t('knowledgeAdmin.attachments.uploading', { name: model.uploadingName })}
        </Flex>
      )}
      {model.attachments.length === 0 && model.uploadingName === null && saved && (
        <Text fontSize="sm" color="gray.500">
          {t('knowledgeAdmin.attachments.empty')}
        </Text>
      )}
      {model.attachments.length > 0 && (
        <Stack as="ul" gap="1" listStyleType="none" m="0" p="0">
          {model.attachments.map((file) => (
            <Flex as="li" key={file.Id} align="center" gap="2" py="1" data-testid="admin-attachment">
              <Box flex="1" minW="0">
                <Text asChild fontSize="sm" truncate color="blue.700">
                  <a href={file.Url} target="_blank" rel="noopener noreferrer">
                    {file.FileName}
                  </a>
                </Text>
              </Box>
              <Text fontSize="xs" color="gray.500" flexShrink={0}>
                {formatSize(file.Size)}
              </Text>
              <IconButton
                size="xs"
                variant="ghost"
                colorPalette="red"
                aria-label={t('knowledgeAdmin.attachments.remove', { name: file.FileName })}
                onClick={() => onRemove(file.Id)}
                loading={model.removingId === file.Id}
                disabled={model.busy}
                data-testid="admin-attachment-remove"
              >
                <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" aria-hidden="true">
                  <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
                </svg>
              </IconButton>
            </Flex>
          ))}
        </Stack>
      )}
    </Box>
  );
}

/** The article form: title, label, series, language, folder, the rich-text body, attachments; save and delete. */
export function ArticleEditorView(props: ArticleEditorViewProps) {
  const t = useT();
  const { model } = props;
  const [confirming, setConfirming] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!model.busy) props.onSubmit();
  };
  const header = (
    <Flex align="center" gap="2" wrap="wrap">
      <Button variant="ghost" size="sm" px="2" onClick={props.onBack} data-testid="admin-article-back">
        <BackIcon />
        {t('knowledgeAdmin.article.back')}
      </Button>
    </Flex>
  );

  if (model.status === 'loading') {
    return (
      <Stack gap="3" aria-busy="true" aria-label={t('knowledgeAdmin.article.loading')}>
        {header}
        <Skeleton h="30rem" borderRadius="2xl" />
      </Stack>
    );
  }
  if (model.status === 'loadFailed') {
    return (
      <Stack gap="3">
        {header}
        <Alert.Root status="warning" borderRadius="lg" alignItems="center" data-testid="admin-article-load-failed">
          <Alert.Indicator />
          <Alert.Title flex="1">{model.loadError ? `${t('knowledgeAdmin.article.loadFailed')}: ${model.loadError}` : t('knowledgeAdmin.article.loadFailed')}</Alert.Title>
          <Button size="sm" variant="outline" bg="white" onClick={props.onReload}>
            {t('knowledgeAdmin.article.retry')}
          </Button>
        </Alert.Root>
      </Stack>
    );
  }

  const { draft, errors } = model;
  return (
    <Stack gap="3">
      {header}
      <chakra.form onSubmit={submit} noValidate bg="white" borderRadius="2xl" borderWidth="1px" borderColor="gray.200" p={{ base: 4, md: 6 }} data-testid="admin-article-form" data-article-id={model.id ?? ''}>
        <Flex align="center" gap="3" mb="4" wrap="wrap">
          <Heading as="h2" fontSize={{ base: 'lg', md: 'xl' }} color="gray.900" flex="1">
            {model.id === null ? t('knowledgeAdmin.article.newTitle') : t('knowledgeAdmin.article.editTitle')}
          </Heading>
          {model.dirty && (
            <Badge colorPalette="orange" variant="subtle" borderRadius="full" data-testid="admin-article-dirty">
              {t('knowledgeAdmin.article.unsaved')}
            </Badge>
          )}
        </Flex>
        <Stack gap="4">
          <Field.Root invalid={!!errors.title} required>
            <Field.Label>
              {t('knowledgeAdmin.article.title')}
              <Field.RequiredIndicator />
            </Field.Label>
            <Input
              name="title"
              value={draft.title}
              onChange={(event) => props.onChange('title', event.currentTarget.value)}
              maxLength={TITLE_MAX + 20}
              data-testid="admin-article-title"
            />
            {errors.title && <Field.ErrorText>{t(errors.title)}</Field.ErrorText>}
          </Field.Root>

          <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
            <Field.Root invalid={!!errors.label}>
              <Field.Label>{t('knowledgeAdmin.article.label')}</Field.Label>
              <Input name="label" value={draft.label} onChange={(event) => props.onChange('label', event.currentTarget.value)} maxLength={LABEL_MAX + 20} data-testid="admin-article-label" />
              {errors.label ? <Field.ErrorText>{t(errors.label)}</Field.ErrorText> : <Field.HelperText>{t('knowledgeAdmin.article.labelHint')}</Field.HelperText>}
            </Field.Root>
            <Field.Root invalid={!!errors.series}>
              <Field.Label>{t('knowledgeAdmin.article.series')}</Field.Label>
              <Input name="series" value={draft.series} onChange={(event) => props.onChange('series', event.currentTarget.value)} maxLength={SERIES_MAX + 20} data-testid="admin-article-series" />
              {errors.series ? <Field.ErrorText>{t(errors.series)}</Field.ErrorText> : <Field.HelperText>{t('knowledgeAdmin.article.seriesHint')}</Field.HelperText>}
            </Field.Root>
          </Grid>

          <Grid templateColumns={{ base: '1fr', md: '12rem 1fr' }} gap="4">
            <Field.Root>
              <Field.Label>{t('knowledgeAdmin.article.language')}</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field value={draft.language} onChange={(event) => props.onLanguage(event.currentTarget.value === 'en' ? 'en' : 'zh')} data-testid="admin-article-language">
                  <option value="zh">{t('knowledgeAdmin.article.language.zh')}</option>
                  <option value="en">{t('knowledgeAdmin.article.language.en')}</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Field.Root invalid={!!errors.nodeId} required>
              <Field.Label>
                {t('knowledgeAdmin.article.folder')}
                <Field.RequiredIndicator />
              </Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  value={draft.nodeId ?? ''}
                  onChange={(event) => props.onChange('nodeId', event.currentTarget.value ? Number(event.currentTarget.value) : null)}
                  data-testid="admin-article-folder"
                >
                  <option value="">{t('knowledgeAdmin.article.folderPick')}</option>
                  {props.folders.map((folder) => (
                    <option key={folder.id} value={folder.id}>
                      {folder.label}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              {errors.nodeId ? (
                <Field.ErrorText>{t(errors.nodeId)}</Field.ErrorText>
              ) : (
                props.folders.length === 0 && <Field.HelperText>{t('knowledgeAdmin.article.folderNone')}</Field.HelperText>
              )}
            </Field.Root>
          </Grid>

          <Box>
            <Text fontWeight="medium" fontSize="sm" mb="1.5" id="admin-article-body-label">
              {t('knowledgeAdmin.article.body')}
              <Text as="span" color="red.500" ms="1" aria-hidden="true">
                *
              </Text>
            </Text>
            <LazyRichTextEditor
              initialHtml={model.initialHtml}
              onChange={(html) => props.onChange('html', html)}
              uploadImage={props.uploadImage}
              label={t('knowledgeAdmin.article.body')}
              invalid={!!errors.html}
              describedBy={errors.html ? 'admin-article-body-error' : undefined}
              minHeight="18rem"
            />
            {errors.html && (
              <Text id="admin-article-body-error" color="red.600" fontSize="sm" mt="1" data-testid="admin-article-body-error">
                {t(errors.html)}
              </Text>
            )}
          </Box>

          <Attachments model={model} onAttach={props.onAttach} onRemove={props.onRemoveAttachment} />

          {model.refusal && !confirming && (
            <Alert.Root status="error" borderRadius="lg" data-testid="admin-article-refusal">
              <Alert.Indicator />
              <Alert.Title fontWeight="normal">{t('knowledgeAdmin.article.refused', { info: model.refusal })}</Alert.Title>
            </Alert.Root>
          )}

          <Flex gap="3" direction={{ base: 'column-reverse', sm: 'row' }} justify="space-between" pt="2">
            {model.id !== null ? (
              <Button variant="outline" colorPalette="red" onClick={() => setConfirming(true)} disabled={model.busy} data-testid="admin-article-delete">
                {t('knowledgeAdmin.article.delete')}
              </Button>
            ) : (
              <Box />
            )}
            <Button type="submit" colorPalette="blue" loading={model.saving} loadingText={t('knowledgeAdmin.article.saving')} disabled={model.busy && !model.saving} data-testid="admin-article-save">
              {t('knowledgeAdmin.article.save')}
            </Button>
          </Flex>
        </Stack>
      </chakra.form>
      {confirming && (
        <ConfirmDialog
          title={t('knowledgeAdmin.article.deleteTitle', { title: draft.title })}
          body={t('knowledgeAdmin.article.deleteBody')}
          confirmLabel={t('knowledgeAdmin.article.confirmDelete')}
          busy={model.deleting}
          refusal={model.refusal}
          onConfirm={props.onDelete}
          onClose={() => setConfirming(false)}
          testId="admin-article-delete-dialog"
        />
      )}
    </Stack>
  );
}
