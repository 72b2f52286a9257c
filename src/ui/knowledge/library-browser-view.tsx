import { Badge, Box, Button, Flex, Heading, Input, Link, Stack, Text } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { ArticleRow } from '../../domain/knowledge/library';
import { LOCALES } from '../i18n/intl';
import { useLanguage, useT } from '../i18n/language-context';
import { Card, EmptyNote, LoadingRows, SearchIcon } from '../common/content-parts';
import { DataTable } from '../common/data-table';
import { formatDate } from '../common/formats';
import { contentLanguageName } from './knowledge-format';
import { FailedNote, KnowledgePager, NewTabIcon } from './knowledge-parts';
import type { LibraryBrowserViewModel } from './library-browser.selectors';
import { LibraryTreeView } from './library-tree-view';

/** Which columns the table shows: the folder page's six, or title, label and action. */
export type BrowserColumns = 'full' | 'compact';

export interface LibraryBrowserViewProps {
  model: LibraryBrowserViewModel;
  columns: BrowserColumns;
  /** The name of the tree's top row (it lists every article of the page). */
  rootLabel: string;
  /** The action column's word: look (download, guide) or view. */
  actionLabel: string;
  /** The article route a row opens in a new tab. */
  hrefOf: (row: ArticleRow) => string;
  testId: string;
  onSelect: (id: number) => void;
  onToggle: (id: number) => void;
  onSearchChange: (text: string) => void;
  onSearch: () => void;
  onReset: () => void;
  onPage: (page: number) => void;
  onRetryTree: () => void;
  onRetryRows: () => void;
}

function SearchBox({ model, onSearchChange, onSearch, onReset }: Pick<LibraryBrowserViewProps, 'model' | 'onSearchChange' | 'onSearch' | 'onReset'>) {
  const t = useT();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch();
  };
  return (
    <Stack as="form" gap="2" onSubmit={submit} role="search" data-testid="label-search">
      <Input
        size="sm"
        value={model.draft}
        onChange={(event) => onSearchChange(event.currentTarget.value)}
        placeholder={t('knowledge.browser.labelPlaceholder')}
        aria-label={t('knowledge.browser.labelPlaceholder')}
        bg="white"
        data-testid="label-search-input"
      />
      <Flex gap="2">
        <Button type="submit" size="sm" colorPalette="blue" flex="1" data-testid="label-search-submit">
          <SearchIcon />
          {t('knowledge.browser.search')}
        </Button>
        <Button type="button" size="sm" variant="outline" flex="1" onClick={onReset} data-testid="label-search-reset">
          {t('knowledge.browser.reset')}
        </Button>
      </Flex>
    </Stack>
  );
}

function ArticleLink({ href, children, testId, action = false }: { href: string; children: ReactNode; testId: string; action?: boolean }) {
  // A title inline, not Chakra's inline-flex: a long one wraps inside its cell. The row's action
  // ("View") stands alone, so it is a 24 px target (WCAG 2.5.8), not the 16 px of its text.
  return (
    <Link
      asChild
      display={action ? 'inline-flex' : 'inline'}
      {...(action ? { minH: '6', minW: '6', alignItems: 'center' } : {})}
      color="blue.700"
      fontWeight="medium"
      _hover={{ textDecoration: 'underline' }}
    >
      <RouterLink to={href} target="_blank" rel="noopener" data-testid={testId}>
        {children}
      </RouterLink>
    </Link>
  );
}

function ArticleTable({ model, columns, actionLabel, hrefOf, testId }: Pick<LibraryBrowserViewProps, 'model' | 'columns' | 'actionLabel' | 'hrefOf' | 'testId'>) {
  const t = useT();
  const { language } = useLanguage();
  // On a phone the folder page keeps title, label and action; the rest scrolls in from wider screens.
  const full = columns === 'full';
  return (
    <DataTable
      header="strong"
      interactive
      reloading={model.table.reloading}
      rows={model.table.rows}
      rowKey={(row) => row.Id}
      rowTestId={`${testId}-row`}
      rowData={(row) => ({ 'data-id': row.Id })}
      columns={[
        {
          header: t('knowledge.column.title'),
          minWidth: '10rem',
          wrap: true,
          cell: (row) => (
            <ArticleLink href={hrefOf(row)} testId={`${testId}-title`}>
              {row.Title}
            </ArticleLink>
          ),
        },
        {
          header: t('knowledge.column.label'),
          wrap: true,
          cell: (row) =>
            row.Lable ? (
              <Badge variant="subtle" colorPalette="blue" borderRadius="md" px="2" py="0.5" whiteSpace="normal" wordBreak="keep-all" lineHeight="short" data-testid={`${testId}-label`}>
                {row.Lable}
              </Badge>
            ) : null,
        },
        full && { header: t('knowledge.column.series'), hideOnPhone: true, cell: (row) => row.Series },
        full && { header: t('knowledge.column.language'), hideOnPhone: true, cell: (row) => contentLanguageName(row.Language) },
        full && { header: t('knowledge.column.createTime'), hideOnPhone: true, cell: (row) => formatDate(row.CreateTime, LOCALES[language]) },
        {
          header: t('knowledge.column.action'),
          align: 'end',
          cell: (row) => (
            <ArticleLink href={hrefOf(row)} testId={`${testId}-open`} action>
              <Flex as="span" display="inline-flex" align="center" gap="1">
                {actionLabel}
                <NewTabIcon />
              </Flex>
            </ArticleLink>
          ),
        },
      ]}
    />
  );
}

/** A library page: the folder tree with the label search on the left, the article table on the right. */
export function LibraryBrowserView(props: LibraryBrowserViewProps) {
  const { model, rootLabel, testId, onSelect, onToggle, onPage, onRetryTree, onRetryRows } = props;
  const t = useT();

  if (model.status === 'failed') {
    return <FailedNote info={model.treeError} fallback={t('knowledge.browser.treeFailed')} onRetry={onRetryTree} testId={`${testId}-tree-failed`} />;
  }
  if (model.status === 'missing') {
    return (
      <Card testId={`${testId}-missing`}>
        <EmptyNote title={t('knowledge.browser.missing.title')} body={t('knowledge.browser.missing.body')} />
      </Card>
    );
  }

  const listTitle = model.selectedName || rootLabel;
  return (
    <Flex direction={{ base: 'column', md: 'row' }} gap={{ base: 3, md: 5 }} align="stretch" data-testid={testId} data-status={model.status}>
      <Card as="aside" w={{ base: 'full', md: '17rem', lg: '19rem' }} flexShrink={0} alignSelf="flex-start" aria-label={t('knowledge.browser.folders')}>
        <Stack gap="3">
          <SearchBox {...props} />
          <Box maxH={{ base: '15rem', md: '70vh' }} overflowY="auto" mx="-1" px="1">
            {model.status === 'loading' || !model.branch ? (
              <LoadingRows rows={5} label={t('knowledge.loading')} />
            ) : (
              <LibraryTreeView
                root={model.branch}
                rootLabel={rootLabel}
                label={t('knowledge.browser.folders')}
                expanded={model.expanded}
                selected={model.selected}
                matches={model.matches}
                onSelect={onSelect}
                onToggle={onToggle}
                toggleLabel={(name, open) => t(open ? 'knowledge.browser.collapse' : 'knowledge.browser.expand', { name })}
              />
            )}
          </Box>
        </Stack>
      </Card>
      <Card as="section" flex="1" aria-label={listTitle}>
        <Flex align="baseline" justify="space-between" gap="3" wrap="wrap" mb="3">
          <Heading as="h2" fontSize="md" color="gray.900" data-testid={`${testId}-list-title`}>
            {listTitle}
          </Heading>
          {model.label && (
            <Text fontSize="sm" color="gray.600" data-testid={`${testId}-label-shown`}>
              {t('knowledge.browser.labelShown', { label: model.label })}
            </Text>
          )}
        </Flex>
        {model.table.status === 'failed' && (
          <FailedNote info={model.table.error} fallback={t('knowledge.browser.rowsFailed')} onRetry={onRetryRows} testId={`${testId}-rows-failed`} />
        )}
        {model.table.status === 'loading' && <LoadingRows label={t('knowledge.loading')} />}
        {model.table.status === 'empty' && (
          <EmptyNote title={t('common.noData')} body={model.label ? t('knowledge.browser.empty.label') : t('knowledge.browser.empty.body')} testId={`${testId}-empty`} />
        )}
        {model.table.status === 'ready' && (
          <>
            <ArticleTable {...props} />
            <KnowledgePager paging={model.table} busy={model.table.reloading} onPage={onPage} testId={testId} />
          </>
        )}
      </Card>
    </Flex>
  );
}
