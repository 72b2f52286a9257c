import { Box, Text } from '@chakra-ui/react';
import { $generateHtmlFromNodes, $generateNodesFromDOM } from '@lexical/html';
import { AutoLinkNode, LinkNode } from '@lexical/link';
import { ListItemNode, ListNode } from '@lexical/list';
import { LexicalComposer, type InitialConfigType } from '@lexical/react/LexicalComposer';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { ContentEditable } from '@lexical/react/LexicalContentEditable';
import { LexicalErrorBoundary } from '@lexical/react/LexicalErrorBoundary';
import { HistoryPlugin } from '@lexical/react/LexicalHistoryPlugin';
import { LinkPlugin } from '@lexical/react/LexicalLinkPlugin';
import { ListPlugin } from '@lexical/react/LexicalListPlugin';
import { OnChangePlugin } from '@lexical/react/LexicalOnChangePlugin';
import { RichTextPlugin } from '@lexical/react/LexicalRichTextPlugin';
import { HeadingNode, QuoteNode } from '@lexical/rich-text';
import { $createParagraphNode, $getRoot, $isDecoratorNode, $isElementNode, type LexicalEditor, type ParagraphNode } from 'lexical';
import { useEffect, useId, useRef } from 'react';
import { useT } from '../i18n/language-context';
import { ImageNode } from './image-node';
import { isAllowedLink, RichTextToolbar } from './rich-text-toolbar';
import { useLatest } from './use-latest';

/** Editor images the server takes (ADR 0007 UploadImage): PNG, JPEG, GIF, WebP up to 5 MB. */
export const DEFAULT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export interface RichTextEditorProps {
  /** The HTML the editor opens with (read once, at mount: give the editor a `key` to load another). */
  initialHtml?: string;
  /** The document as HTML after every change of its content. */
  onChange: (html: string) => void;
  /** Stores a picture and answers its URL; without it the toolbar has no picture button. */
  uploadImage?: (file: File) => Promise<string>;
  /** The editing area's accessible name; defaults to "Body". */
  label?: string;
  placeholder?: string;
  /** Shows the field as wrong (a red frame). */
  invalid?: boolean;
  disabled?: boolean;
  /** Id of the element that describes the field (its error text). */
  describedBy?: string;
  imageMaxBytes?: number;
  minHeight?: string;
  testId?: string;
}

/** Replaces the document with the nodes of an HTML string; loose inline nodes are gathered into paragraphs. */
export function $importHtml(editor: LexicalEditor, html: string): void {
  const root = $getRoot();
  root.clear();
  if (html.trim()) {
    const dom = new DOMParser().parseFromString(html, 'text/html');
    let paragraph: ParagraphNode | null = null;
    for (const node of $generateNodesFromDOM(editor, dom)) {
      if (($isElementNode(node) || $isDecoratorNode(node)) && !node.isInline()) {
        paragraph = null;
        root.append(node);
      } else {
        if (!paragraph) {
          paragraph = $createParagraphNode();
          root.append(paragraph);
        }
        paragraph.append(node);
      }
    }
  }
  if (root.getChildrenSize() === 0) root.append($createParagraphNode());
}

/**
 * The editor's HTML without what only the editor needs: the theme's classes, the plain `<span>`
 * around every run of text, and the doubled `<b><strong>` / `<i><em>` that Lexical writes for
 * mail clients. What is left is the markup a reader sees (and what the server's sanitiser keeps).
 */
export function tidyEditorHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const body = doc.body;
  for (const el of Array.from(body.querySelectorAll('[class]'))) {
    const kept = Array.from(el.classList).filter((name) => !name.startsWith('rte-'));
    if (kept.length) el.className = kept.join(' ');
    else el.removeAttribute('class');
  }
  for (const el of Array.from(body.querySelectorAll('[style]'))) {
    if (/^\s*white-space:\s*pre-wrap;?\s*$/i.test(el.getAttribute('style') ?? '')) el.removeAttribute('style');
  }
  for (const el of Array.from(body.querySelectorAll('[dir]'))) el.removeAttribute('dir');
  for (const span of Array.from(body.querySelectorAll('span'))) {
    if (span.attributes.length === 0) span.replaceWith(...Array.from(span.childNodes));
  }
  for (const [outer, inner] of [['b', 'STRONG'], ['i', 'EM']] as const) {
    for (const el of Array.from(body.querySelectorAll(outer))) {
      const only = el.childNodes.length === 1 ? el.firstChild : null;
      if (only instanceof Element && only.tagName === inner && only.attributes.length === 0) el.replaceWith(only);
    }
  }
  return body.innerHTML;
}

const THEME = {
  paragraph: 'rte-p',
  quote: 'rte-quote',
  heading: { h2: 'rte-h2', h3: 'rte-h3' },
  list: { ul: 'rte-ul', ol: 'rte-ol', listitem: 'rte-li', nested: { listitem: 'rte-nested' } },
  link: 'rte-link',
  text: { bold: 'rte-bold', italic: 'rte-italic', underline: 'rte-underline', code: 'rte-code' },
};

// Chakra's reset takes the browser's heading sizes and list bullets away; the editing area puts
// back what a reader of the article will see.
const CONTENT_CSS = {
  '& .rte-p': { margin: '0 0 0.6em' },
  '& .rte-h2': { fontSize: '1.35rem', fontWeight: 700, lineHeight: 1.3, margin: '0.8em 0 0.4em' },
  '& .rte-h3': { fontSize: '1.12rem', fontWeight: 700, lineHeight: 1.35, margin: '0.7em 0 0.3em' },
  '& .rte-ul': { listStyleType: 'disc', paddingInlineStart: '1.5em', margin: '0 0 0.6em' },
  '& .rte-ol': { listStyleType: 'decimal', paddingInlineStart: '1.5em', margin: '0 0 0.6em' },
  '& .rte-nested': { listStyleType: 'none' },
  '& .rte-quote': { borderInlineStartWidth: '3px', borderColor: 'gray.300', paddingInlineStart: '0.9em', color: 'gray.600', margin: '0 0 0.6em' },
  '& .rte-link': { color: 'blue.600', textDecoration: 'underline' },
  '& .rte-bold': { fontWeight: 700 },
  '& .rte-italic': { fontStyle: 'italic' },
  '& .rte-underline': { textDecoration: 'underline' },
  '& .rte-code': { fontFamily: 'mono', fontSize: '0.9em', bg: 'gray.100', borderRadius: 'sm', paddingInline: '0.25em' },
  '& .rte-image img': { maxWidth: '100%', height: 'auto', borderRadius: 'md' },
};

/** Keeps the editor's editable flag in step with `disabled`. */
function EditablePlugin({ disabled }: { disabled: boolean }) {
  const [editor] = useLexicalComposerContext();
  useEffect(() => editor.setEditable(!disabled), [editor, disabled]);
  return null;
}

/**
 * A rich-text editor on Lexical that reads and writes HTML: undo and redo, paragraph and two
 * heading levels, bold, italic, underline, lists, links, quotes, inline code and pictures
 * (through `uploadImage`). Heavy: load it with React.lazy (lazy-rich-text-editor.tsx) so it is
 * only in the chunks of the forms that use it.
 */
export function RichTextEditor(props: RichTextEditorProps) {
  const t = useT();
  const contentId = useId();
  const onChange = useLatest(props.onChange);
  const initialHtml = useRef(props.initialHtml ?? '');

  const config: InitialConfigType = {
    namespace: 'rich-text',
    theme: THEME,
    nodes: [HeadingNode, QuoteNode, ListNode, ListItemNode, LinkNode, AutoLinkNode, ImageNode],
    editable: !props.disabled,
    onError: (error) => {
      console.error(error);
    },
    editorState: (editor) => $importHtml(editor, initialHtml.current),
  };
  const label = props.label ?? t('editor.label');
  const placeholder = props.placeholder ?? t('editor.placeholder');

  return (
    <LexicalComposer initialConfig={config}>
      <Box
        borderWidth="1px"
        borderColor={props.invalid ? 'red.500' : 'gray.300'}
        borderRadius="lg"
        bg={props.disabled ? 'gray.50' : 'white'}
        _focusWithin={{ borderColor: props.invalid ? 'red.500' : 'blue.500', boxShadow: '0 0 0 1px var(--chakra-colors-blue-500)' }}
        data-testid={props.testId ?? 'rich-text-editor'}
        data-invalid={props.invalid ? 'true' : undefined}
      >
        <RichTextToolbar uploadImage={props.uploadImage} imageMaxBytes={props.imageMaxBytes ?? DEFAULT_IMAGE_MAX_BYTES} disabled={!!props.disabled} />
        <Box position="relative" px={{ base: 3, md: 4 }} py="3" css={CONTENT_CSS}>
          <RichTextPlugin
            contentEditable={
              <ContentEditable
                id={contentId}
                aria-label={label}
                aria-placeholder={placeholder}
                aria-invalid={props.invalid || undefined}
                aria-describedby={props.describedBy}
                aria-multiline
                data-testid="rich-text-content"
                placeholder={
                  <Text position="absolute" top="3" insetInlineStart={{ base: 3, md: 4 }} color="gray.600" pointerEvents="none" userSelect="none">
                    {placeholder}
                  </Text>
                }
                style={{ minHeight: props.minHeight ?? '14rem', outline: 'none', lineHeight: 1.65, wordBreak: 'break-word' }}
              />
            }
            ErrorBoundary={LexicalErrorBoundary}
          />
        </Box>
        <HistoryPlugin />
        <ListPlugin />
        <LinkPlugin validateUrl={isAllowedLink} />
        <EditablePlugin disabled={!!props.disabled} />
        <OnChangePlugin
          ignoreSelectionChange
          onChange={(_state, editor) => editor.read(() => onChange.current(tidyEditorHtml($generateHtmlFromNodes(editor, null))))}
        />
      </Box>
    </LexicalComposer>
  );
}

export default RichTextEditor;
