import { Flex, Skeleton, Spinner, Text } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { useT } from '../i18n/language-context';
import type { RichTextEditorProps } from './rich-text-editor';

// Lexical is only fetched when a form with an editor renders, never with the page that links to it.
const RichTextEditor = lazy(() => import('./rich-text-editor'));

/** The rich-text editor in its own chunk, with a placeholder of its size while that loads. */
export function LazyRichTextEditor(props: RichTextEditorProps) {
  const t = useT();
  return (
    <Suspense
      fallback={
        <Skeleton borderRadius="lg" minH={props.minHeight ?? '17rem'} data-testid="rich-text-editor-loading">
          <Flex align="center" justify="center" gap="2" h="full" minH="inherit">
            <Spinner size="sm" />
            <Text fontSize="sm">{t('editor.loading')}</Text>
          </Flex>
        </Skeleton>
      }
    >
      <RichTextEditor {...props} />
    </Suspense>
  );
}
