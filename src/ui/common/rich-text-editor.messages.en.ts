import type zh from './rich-text-editor.messages.zh';

/** The rich-text editor's toolbar and notes (rich-text-editor.tsx), used by every form that has one: the English texts, with the keys of rich-text-editor.messages.zh.ts. */
const en = {
  'editor.label': 'Body',
  'editor.placeholder': 'Write the text here…',
  'editor.toolbar': 'Formatting',
  'editor.undo': 'Undo',
  'editor.redo': 'Redo',
  'editor.block': 'Paragraph style',
  'editor.block.paragraph': 'Paragraph',
  'editor.block.h2': 'Heading 2',
  'editor.block.h3': 'Heading 3',
  'editor.bold': 'Bold',
  'editor.italic': 'Italic',
  'editor.underline': 'Underline',
  'editor.bulleted': 'Bulleted list',
  'editor.numbered': 'Numbered list',
  'editor.link': 'Link',
  'editor.quote': 'Quote',
  'editor.code': 'Code',
  'editor.image': 'Insert picture',
  'editor.image.uploading': 'Uploading the picture…',
  'editor.image.failed': 'The picture was not uploaded: {info}',
  'editor.image.failedPlain': 'The picture was not uploaded',
  'editor.image.type': 'Only PNG, JPEG, GIF or WebP pictures can be inserted.',
  'editor.image.tooLarge': 'A picture may be at most 5 MB.',
  'editor.link.url': 'Link address',
  'editor.link.placeholder': 'https://example.com',
  'editor.link.apply': 'Apply',
  'editor.link.remove': 'Remove link',
  'editor.link.cancel': 'Cancel',
  'editor.link.invalid': 'Enter an address starting with http://, https://, mailto: or /.',
  'editor.loading': 'Loading the editor…',
} satisfies Record<keyof typeof zh, string>;

export default en;
