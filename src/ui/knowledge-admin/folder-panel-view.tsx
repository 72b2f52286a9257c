import { Alert, Badge, Box, Button, Flex, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { ArticleRow } from '../../domain/knowledge/library';
import { useLanguage, useT } from '../i18n/language-context';
import type { LibraryPageModel } from './knowledge-admin.selectors';
import { RoleBadge } from './library-tree-view';
import { dateTimeFormat } from '../common/intl-formats';

export interface FolderPanelViewProps {
  model: LibraryPageModel;
  onAdd: () => void;
  onRename: () => void;
  onMove: () => void;
  onDelete: () => void;
  onNewArticle: () => void;
  onOpenArticle: (id: number) => void;
  onPage: (page: number) => void;
  onRetryArticles: () => void;
}

function formatDate(iso: string, locale: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric' }).format(date);
}

function ArticleItem({ row, onOpen }: { row: ArticleRow; onOpen: () => void }) {
  const t = useT();
  const { language } = useLanguage();
  return (
    <Flex
      as="li"
      align={{ base: 'stretch', sm: 'center' }}
      direction={{ base: 'column', sm: 'row' }}
      gap={{ base: 2, sm: 4 }}
      py="3"
      borderTopWidth="1px"
      borderColor="gray.100"
      data-testid="admin-article-row"
      data-article-id={row.Id}
    >
      <Box flex="1" minW="0">
        <Text fontWeight="medium" color="gray.900" lineClamp={2}>
          {row.Title}
        </Text>
        <Flex gap="2" mt="1" wrap="wrap" align="center" fontSize="xs" color="gray.500">
          <Badge size="sm" variant="outline" colorPalette={row.Language === 'en' ? 'teal' : 'orange'}>
            {row.Language === 'en' ? 'EN' : '中'}
          </Badge>
          {row.Lable && (
            <Badge size="sm" variant="subtle" colorPalette="blue">
              {row.Lable}
            </Badge>
          )}
          {row.Series && (
            <Badge size="sm" variant="subtle" colorPalette="purple">
              {row.Series}
            </Badge>
          )}
          <Text as="span">{t('knowledgeAdmin.articles.meta', { date: formatDate(row.CreateTime, language === 'en' ? 'en' : 'zh-CN'), views: row.ViewCount ?? 0 })}</Text>
        </Flex>
      </Box>
      <Button size="sm" variant="outline" onClick={onOpen} alignSelf={{ base: 'flex-start', sm: 'center' }} data-testid="admin-article-edit">
        {t('knowledgeAdmin.articles.edit')}
      </Button>
    </Flex>
  );
}

/** The chosen classification: its names and place, the folder actions it allows, and its articles. */
export function FolderPanelView(props: FolderPanelViewProps) {
  const t = useT();
  const { model } = props;
  const selected = model.selected;
  if (!selected) {
    return (
      <Box bg="white" borderRadius="2xl" borderWidth="1px" borderColor="gray.200" p={{ base: 5, md: 8 }} textAlign="center" data-testid="admin-folder-none">
        <Text color="gray.600">{t('knowledgeAdmin.folder.pick')}</Text>
      </Box>
    );
  }
  const { actions } = selected;
  const articles = model.articles;
  return (
    <Stack gap="4" data-testid="admin-folder-panel" data-node-id={selected.node.id}>
      <Box bg="white" borderRadius="2xl" borderWidth="1px" borderColor="gray.200" p={{ base: 4, md: 5 }}>
        <Stack gap="2">
          <RoleBadge role={selected.role} />
          <Heading as="h2" fontSize={{ base: 'lg', md: 'xl' }} color="gray.900" data-testid="admin-folder-name">
            {selected.name}
          </Heading>
          {selected.otherName && selected.role !== 'branch' && <Text color="gray.600">{selected.otherName}</Text>}
          {selected.path && selected.role !== 'root' && (
            <Text fontSize="sm" color="gray.500" data-testid="admin-folder-path">
              {selected.path}
            </Text>
          )}
        </Stack>
        {(actions.addChild || actions.rename || actions.move || actions.delete) && (
          <Flex gap="2" wrap="wrap" mt="4">
            {actions.addChild && (
              <Button size="sm" colorPalette="blue" variant="subtle" onClick={props.onAdd} disabled={model.busy} data-testid="admin-folder-add">
                {t(selected.role === 'root' ? 'knowledgeAdmin.folder.addTop' : 'knowledgeAdmin.folder.add')}
              </Button>
            )}
            {actions.rename && (
              <Button size="sm" variant="outline" onClick={props.onRename} disabled={model.busy} data-testid="admin-folder-rename">
                {t('knowledgeAdmin.folder.rename')}
              </Button>
            )}
            {actions.move && (
              <Button size="sm" variant="outline" onClick={props.onMove} disabled={model.busy} data-testid="admin-folder-move">
                {t('knowledgeAdmin.folder.move')}
              </Button>
            )}
            {actions.delete && (
              <Button size="sm" variant="outline" colorPalette="red" onClick={props.onDelete} disabled={model.busy} data-testid="admin-folder-delete">
                {t('knowledgeAdmin.folder.delete')}
              </Button>
            )}
          </Flex>
        )}
      </Box>

      <Box bg="white" borderRadius="2xl" borderWidth="1px" borderColor="gray.200" p={{ base: 4, md: 5 }} data-testid="admin-articles" data-status={articles.status}>
        <Flex align={{ base: 'stretch', sm: 'flex-start' }} direction={{ base: 'column', sm: 'row' }} gap="3" mb="2">
          <Box flex="1">
            <Heading as="h3" fontSize="md" color="gray.900">
              {t('knowledgeAdmin.articles.title')}
              {articles.status === 'shown' && articles.total > 0 && (
                <Text as="span" ms="2" fontWeight="normal" fontSize="sm" color="gray.500">
                  {t('knowledgeAdmin.articles.total', { total: articles.total })}
                </Text>
              )}
            </Heading>
            <Text fontSize="sm" color="gray.500">
              {actions.holdsArticles ? t('knowledgeAdmin.articles.hint') : t('knowledgeAdmin.articles.newHint')}
            </Text>
          </Box>
          <Button size="sm" colorPalette="blue" onClick={props.onNewArticle} data-testid="admin-article-new">
            {t('knowledgeAdmin.articles.new')}
          </Button>
        </Flex>
        {articles.status === 'loading' && (
          <Stack gap="2" mt="3" aria-busy="true" aria-label={t('knowledgeAdmin.articles.loading')}>
            <Skeleton h="12" />
            <Skeleton h="12" />
          </Stack>
        )}
        {articles.status === 'failed' && (
          <Alert.Root status="warning" borderRadius="lg" mt="3" alignItems="center">
            <Alert.Indicator />
            <Alert.Title flex="1">{articles.error ? `${t('knowledgeAdmin.articles.failed')}: ${articles.error}` : t('knowledgeAdmin.articles.failed')}</Alert.Title>
            <Button size="xs" variant="outline" bg="white" onClick={props.onRetryArticles}>
              {t('knowledgeAdmin.articles.retry')}
            </Button>
          </Alert.Root>
        )}
        {articles.status === 'shown' && articles.rows.length === 0 && (
          <Text color="gray.500" py="4" textAlign="center" data-testid="admin-articles-empty">
            {t('knowledgeAdmin.articles.empty')}
          </Text>
        )}
        {articles.status === 'shown' && articles.rows.length > 0 && (
          <Box as="ul" listStyleType="none" m="0" p="0">
            {articles.rows.map((row) => (
              <ArticleItem key={row.Id} row={row} onOpen={() => props.onOpenArticle(row.Id)} />
            ))}
          </Box>
        )}
        {articles.status === 'shown' && articles.pages > 1 && (
          <Flex justify="space-between" align="center" pt="3" borderTopWidth="1px" borderColor="gray.100" gap="2">
            <Button size="sm" variant="outline" onClick={() => props.onPage(articles.page - 1)} disabled={articles.page <= 1}>
              {t('knowledgeAdmin.articles.prev')}
            </Button>
            <Text fontSize="sm" color="gray.600">
              {t('knowledgeAdmin.articles.page', { page: articles.page, pages: articles.pages })}
            </Text>
            <Button size="sm" variant="outline" onClick={() => props.onPage(articles.page + 1)} disabled={articles.page >= articles.pages}>
              {t('knowledgeAdmin.articles.next')}
            </Button>
          </Flex>
        )}
      </Box>
    </Stack>
  );
}
