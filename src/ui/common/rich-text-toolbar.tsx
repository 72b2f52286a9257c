import { Box, Button, Flex, IconButton, Input, NativeSelect, Spinner, Text } from '@chakra-ui/react';
import { $isLinkNode, $toggleLink } from '@lexical/link';
import { $isListNode, INSERT_ORDERED_LIST_COMMAND, INSERT_UNORDERED_LIST_COMMAND, ListNode, REMOVE_LIST_COMMAND } from '@lexical/list';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $createHeadingNode, $createQuoteNode, $isHeadingNode, $isQuoteNode } from '@lexical/rich-text';
import { $setBlocksType } from '@lexical/selection';
import { $findMatchingParent, $getNearestNodeOfType, mergeRegister } from '@lexical/utils';
import {
  $createParagraphNode,
  $getSelection,
  $insertNodes,
  $isRangeSelection,
  $isRootOrShadowRoot,
  $setSelection,
  CAN_REDO_COMMAND,
  CAN_UNDO_COMMAND,
  COMMAND_PRIORITY_LOW,
  FORMAT_TEXT_COMMAND,
  REDO_COMMAND,
  UNDO_COMMAND,
  type BaseSelection,
  type TextFormatType,
} from 'lexical';
import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useT } from '../i18n/language-context';
import { $createImageNode } from './image-node';

/** Links the articles may hold (the server's sanitiser keeps the same): http, https, mailto and paths on this site. */
export function isAllowedLink(url: string): boolean {
  const value = url.trim();
  return /^(https?:\/\/[^\s]+|mailto:[^\s]+|\/[^\s/][^\s]*|\/)$/i.test(value);
}

type BlockType = 'paragraph' | 'h2' | 'h3' | 'quote' | 'bullet' | 'number' | 'other';

interface ToolbarState {
  block: BlockType;
  bold: boolean;
  italic: boolean;
  underline: boolean;
  code: boolean;
  link: string | null;
  canUndo: boolean;
  canRedo: boolean;
}

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

const INITIAL: Omit<ToolbarState, 'canUndo' | 'canRedo'> = { block: 'paragraph', bold: false, italic: false, underline: false, code: false, link: null };

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      {children}
    </svg>
  );
}

const ICONS = {
  undo: (
    <Icon>
      <path d="M9 14L4 9l5-5" />
      <path d="M4 9h10.5a5.5 5.5 0 010 11H11" />
    </Icon>
  ),
  redo: (
    <Icon>
      <path d="M15 14l5-5-5-5" />
      <path d="M20 9H9.5a5.5 5.5 0 000 11H13" />
    </Icon>
  ),
  bold: (
    <Icon>
      <path d="M7 5h6a3.5 3.5 0 010 7H7zM7 12h7a3.5 3.5 0 010 7H7z" strokeWidth="2.4" />
    </Icon>
  ),
  italic: (
    <Icon>
      <path d="M11 5h6M7 19h6M14 5l-4 14" />
    </Icon>
  ),
  underline: (
    <Icon>
      <path d="M7 4v7a5 5 0 0010 0V4M5 20h14" />
    </Icon>
  ),
  bullet: (
    <Icon>
      <path d="M9 6h11M9 12h11M9 18h11" />
      <circle cx="4.5" cy="6" r="1" fill="currentColor" />
      <circle cx="4.5" cy="12" r="1" fill="currentColor" />
      <circle cx="4.5" cy="18" r="1" fill="currentColor" />
    </Icon>
  ),
  number: (
    <Icon>
      <path d="M10 6h10M10 12h10M10 18h10M4 5l1.5-1V9M3.5 14.5a1.5 1.5 0 013 .5c0 1-3 2-3 3.5h3" strokeWidth="1.6" />
    </Icon>
  ),
  link: (
    <Icon>
      <path d="M10 14a4 4 0 005.7 0l3-3a4 4 0 00-5.7-5.7l-1 1" />
      <path d="M14 10a4 4 0 00-5.7 0l-3 3a4 4 0 005.7 5.7l1-1" />
    </Icon>
  ),
  quote: (
    <Icon>
      <path d="M7 7h4v5c0 3-2 5-4 5M15 7h4v5c0 3-2 5-4 5" />
    </Icon>
  ),
  code: (
    <Icon>
      <path d="M8 8l-4 4 4 4M16 8l4 4-4 4M13.5 5l-3 14" />
    </Icon>
  ),
  image: (
    <Icon>
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <circle cx="9" cy="10" r="1.8" />
      <path d="M21 16l-5-5-9 9" />
    </Icon>
  ),
};

function ToolButton(props: { label: string; icon: ReactNode; onClick: () => void; active?: boolean; disabled?: boolean; testId: string }) {
  return (
    <IconButton
      aria-label={props.label}
      title={props.label}
      aria-pressed={props.active === undefined ? undefined : props.active}
      size="sm"
      variant={props.active ? 'subtle' : 'ghost'}
      colorPalette={props.active ? 'blue' : 'gray'}
      onMouseDown={(event) => event.preventDefault()}
      onClick={props.onClick}
      disabled={props.disabled}
      data-testid={`editor-${props.testId}`}
    >
      {props.icon}
    </IconButton>
  );
}

function Divider() {
  return <Box w="1px" h="5" bg="gray.200" mx="0.5" aria-hidden="true" />;
}

/** The current block of a selection: its heading level, quote, list kind or paragraph. */
function $blockOf(selection: BaseSelection | null): BlockType {
  if (!$isRangeSelection(selection)) return 'other';
  const anchor = selection.anchor.getNode();
  const element =
    anchor.getKey() === 'root'
      ? anchor
      : $findMatchingParent(anchor, (node) => {
          const parent = node.getParent();
          return parent !== null && $isRootOrShadowRoot(parent);
        });
  if (!element) return 'other';
  if ($isListNode(element)) {
    const list = $getNearestNodeOfType(anchor, ListNode);
    return (list ?? element).getListType() === 'number' ? 'number' : 'bullet';
  }
  if ($isHeadingNode(element)) {
    const tag = element.getTag();
    return tag === 'h2' || tag === 'h3' ? tag : 'other';
  }
  if ($isQuoteNode(element)) return 'quote';
  return element.getType() === 'paragraph' ? 'paragraph' : 'other';
}

export interface RichTextToolbarProps {
  uploadImage?: (file: File) => Promise<string>;
  imageMaxBytes: number;
  disabled: boolean;
}

/** The editor's toolbar: history, block style, text formats, lists, link, quote, code and picture upload. */
export function RichTextToolbar({ uploadImage, imageMaxBytes, disabled }: RichTextToolbarProps) {
  const t = useT();
  const [editor] = useLexicalComposerContext();
  const [state, setState] = useState(INITIAL);
  const [canUndo, setCanUndo] = useState(false);
  const [canRedo, setCanRedo] = useState(false);
  const [linkForm, setLinkForm] = useState<{ url: string; error: boolean } | null>(null);
  const [uploading, setUploading] = useState(false);
  const [imageError, setImageError] = useState('');
  const savedSelection = useRef<BaseSelection | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const refresh = useCallback(() => {
    editor.read(() => {
      const selection = $getSelection();
      if (!$isRangeSelection(selection)) return;
      const node = selection.anchor.getNode();
      const link = $findMatchingParent(node, $isLinkNode);
      setState({
        block: $blockOf(selection),
        bold: selection.hasFormat('bold'),
        italic: selection.hasFormat('italic'),
        underline: selection.hasFormat('underline'),
        code: selection.hasFormat('code'),
        link: $isLinkNode(link) ? link.getURL() : null,
      });
    });
  }, [editor]);

  useEffect(
    () =>
      mergeRegister(
        editor.registerUpdateListener(() => refresh()),
        editor.registerCommand(
          CAN_UNDO_COMMAND,
          (payload) => {
            setCanUndo(payload);
            return false;
          },
          COMMAND_PRIORITY_LOW,
        ),
        editor.registerCommand(
          CAN_REDO_COMMAND,
          (payload) => {
            setCanRedo(payload);
            return false;
          },
          COMMAND_PRIORITY_LOW,
        ),
      ),
    [editor, refresh],
  );

  const format = (kind: TextFormatType) => editor.dispatchCommand(FORMAT_TEXT_COMMAND, kind);

  const setBlock = (block: 'paragraph' | 'h2' | 'h3' | 'quote') => {
    editor.update(() => {
      const selection = $getSelection();
      if (!$isRangeSelection(selection)) return;
      if (block === 'paragraph') $setBlocksType(selection, () => $createParagraphNode());
      else if (block === 'quote') $setBlocksType(selection, () => $createQuoteNode());
      else $setBlocksType(selection, () => $createHeadingNode(block));
    });
    editor.focus();
  };

  const toggleList = (kind: 'bullet' | 'number') => {
    if (state.block === kind) editor.dispatchCommand(REMOVE_LIST_COMMAND, undefined);
    else editor.dispatchCommand(kind === 'bullet' ? INSERT_UNORDERED_LIST_COMMAND : INSERT_ORDERED_LIST_COMMAND, undefined);
  };

  const remember = () => {
    savedSelection.current = editor.read(() => $getSelection()?.clone() ?? null);
  };

  /** Runs an update at the selection the editor had before a form or the file picker took the focus. */
  const atSavedSelection = (change: () => void) => {
    editor.update(() => {
      if (savedSelection.current) $setSelection(savedSelection.current.clone());
      change();
    });
  };

  const openLink = () => {
    remember();
    setLinkForm({ url: state.link ?? '', error: false });
  };

  const applyLink = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (!linkForm) return;
    const url = linkForm.url.trim();
    if (!isAllowedLink(url)) {
      setLinkForm({ ...linkForm, error: true });
      return;
    }
    atSavedSelection(() => $toggleLink(url, /^https?:/i.test(url) ? { target: '_blank', rel: 'noopener noreferrer' } : {}));
    setLinkForm(null);
    editor.focus();
  };

  const removeLink = () => {
    atSavedSelection(() => $toggleLink(null));
    setLinkForm(null);
    editor.focus();
  };

  const pickImage = () => {
    remember();
    setImageError('');
    fileInput.current?.click();
  };

  const insertImage = async (file: File | undefined) => {
    if (!file || !uploadImage) return;
    if (!IMAGE_TYPES.includes(file.type)) return setImageError(t('editor.image.type'));
    if (file.size > imageMaxBytes) return setImageError(t('editor.image.tooLarge'));
    setUploading(true);
    try {
      const url = await uploadImage(file);
      const alt = file.name.replace(/\.[^.]+$/, '');
      atSavedSelection(() => $insertNodes([$createImageNode({ src: url, alt })]));
    } catch (error) {
      const info = error instanceof Error ? error.message : '';
      setImageError(info ? t('editor.image.failed', { info }) : t('editor.image.failedPlain'));
    } finally {
      setUploading(false);
    }
  };

  const blockValue = state.block === 'h2' || state.block === 'h3' ? state.block : 'paragraph';
  const off = disabled || uploading;

  return (
    <Box borderBottomWidth="1px" borderColor="gray.200" bg="gray.50" borderTopRadius="lg">
      <Flex role="toolbar" aria-label={t('editor.toolbar')} wrap="wrap" align="center" gap="0.5" px="1.5" py="1.5" data-testid="editor-toolbar">
        <ToolButton label={t('editor.undo')} icon={ICONS.undo} onClick={() => editor.dispatchCommand(UNDO_COMMAND, undefined)} disabled={off || !canUndo} testId="undo" />
        <ToolButton label={t('editor.redo')} icon={ICONS.redo} onClick={() => editor.dispatchCommand(REDO_COMMAND, undefined)} disabled={off || !canRedo} testId="redo" />
        <Divider />
        <NativeSelect.Root size="sm" width="auto" disabled={off}>
          <NativeSelect.Field
            aria-label={t('editor.block')}
            value={blockValue}
            onChange={(event) => setBlock(event.currentTarget.value as 'paragraph' | 'h2' | 'h3')}
            bg="white"
            minW="7.5rem"
            data-testid="editor-block"
          >
            <option value="paragraph">{t('editor.block.paragraph')}</option>
            <option value="h2">{t('editor.block.h2')}</option>
            <option value="h3">{t('editor.block.h3')}</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Divider />
        <ToolButton label={t('editor.bold')} icon={ICONS.bold} onClick={() => format('bold')} active={state.bold} disabled={off} testId="bold" />
        <ToolButton label={t('editor.italic')} icon={ICONS.italic} onClick={() => format('italic')} active={state.italic} disabled={off} testId="italic" />
        <ToolButton label={t('editor.underline')} icon={ICONS.underline} onClick={() => format('underline')} active={state.underline} disabled={off} testId="underline" />
        <ToolButton label={t('editor.code')} icon={ICONS.code} onClick={() => format('code')} active={state.code} disabled={off} testId="code" />
        <Divider />
        <ToolButton label={t('editor.bulleted')} icon={ICONS.bullet} onClick={() => toggleList('bullet')} active={state.block === 'bullet'} disabled={off} testId="bulleted" />
        <ToolButton label={t('editor.numbered')} icon={ICONS.number} onClick={() => toggleList('number')} active={state.block === 'number'} disabled={off} testId="numbered" />
        <ToolButton
          label={t('editor.quote')}
          icon={ICONS.quote}
          onClick={() => setBlock(state.block === 'quote' ? 'paragraph' : 'quote')}
          active={state.block === 'quote'}
          disabled={off}
          testId="quote"
        />
        <ToolButton label={t('editor.link')} icon={ICONS.link} onClick={openLink} active={state.link !== null} disabled={off} testId="link" />
        {uploadImage && (
          <>
            <ToolButton label={t('editor.image')} icon={uploading ? <Spinner size="xs" /> : ICONS.image} onClick={pickImage} disabled={off} testId="image" />
            <input
              ref={fileInput}
              type="file"
              accept={IMAGE_TYPES.join(',')}
              hidden
              data-testid="editor-image-input"
              onChange={(event) => {
                const file = event.currentTarget.files?.[0];
                event.currentTarget.value = '';
                void insertImage(file);
              }}
            />
          </>
        )}
      </Flex>
      {linkForm && (
        // Not a <form>: the editor often sits inside the page's own form.
        <Flex
          px="2"
          pb="2"
          gap="2"
          wrap="wrap"
          align="center"
          data-testid="editor-link-form"
          onKeyDown={(event) => {
            if (event.key === 'Enter') applyLink(event);
            if (event.key === 'Escape') setLinkForm(null);
          }}
        >
          <Input
            size="sm"
            flex="1 1 14rem"
            bg="white"
            aria-label={t('editor.link.url')}
            placeholder={t('editor.link.placeholder')}
            value={linkForm.url}
            onChange={(event) => setLinkForm({ url: event.currentTarget.value, error: false })}
            aria-invalid={linkForm.error || undefined}
            autoFocus
            data-testid="editor-link-url"
          />
          <Button size="sm" colorPalette="blue" onClick={applyLink} data-testid="editor-link-apply">
            {t('editor.link.apply')}
          </Button>
          {state.link !== null && (
            <Button size="sm" variant="outline" onClick={removeLink} data-testid="editor-link-remove">
              {t('editor.link.remove')}
            </Button>
          )}
          <Button size="sm" variant="ghost" onClick={() => setLinkForm(null)}>
            {t('editor.link.cancel')}
          </Button>
          {linkForm.error && (
            <Text w="full" fontSize="xs" color="red.600" role="alert">
              {t('editor.link.invalid')}
            </Text>
          )}
        </Flex>
      )}
      {(uploading || imageError) && (
        <Text px="3" pb="2" fontSize="xs" color={imageError ? 'red.600' : 'gray.600'} role={imageError ? 'alert' : 'status'} data-testid="editor-image-note">
          {imageError || t('editor.image.uploading')}
        </Text>
      )}
    </Box>
  );
}
