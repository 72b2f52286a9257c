import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isInternalNote,
  MESSAGE_CONTENT_MAX,
  MESSAGE_FILE_TYPES,
  MESSAGE_MAX_FILES,
  messageFileNameProblem,
  messageFileType,
  messageProblem,
  visibleMessages,
  type MessageAuthor,
} from '../../../src/domain/repair/work-order-message.policy';

const message = fc.record({ id: fc.nat(), internal: fc.boolean(), content: fc.string() });
const author = fc.constantFrom<MessageAuthor>('customer', 'staff');

describe('who reads which message of a work order', () => {
  it('a customer never sees a staff-only note, and sees every other message in its order', () => {
    fc.assert(
      fc.property(fc.array(message, { maxLength: 30 }), (messages) => {
        const seen = visibleMessages(messages, 'customer');
        expect(seen.some((m) => m.internal)).toBe(false);
        expect(seen).toEqual(messages.filter((m) => !m.internal));
      }),
    );
  });

  it('staff see every message, in its order', () => {
    fc.assert(
      fc.property(fc.array(message, { maxLength: 30 }), (messages) => {
        expect(visibleMessages(messages, 'staff')).toEqual(messages);
      }),
    );
  });

  it('only staff write a staff-only note, and only when they ask', () => {
    fc.assert(
      fc.property(author, fc.boolean(), (who, asked) => {
        expect(isInternalNote(who, asked)).toBe(who === 'staff' && asked);
      }),
    );
  });
});

describe("a message's text and files", () => {
  it('is refused empty, too long or with too many files, and taken otherwise', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 50 }), fc.nat({ max: 12 }), (content, files) => {
        const problem = messageProblem(content, files);
        if (files > MESSAGE_MAX_FILES) expect(problem).toBe('tooManyFiles');
        else if (!content.trim() && files === 0) expect(problem).toBe('empty');
        else expect(problem).toBeNull();
      }),
    );
    expect(messageProblem('x'.repeat(MESSAGE_CONTENT_MAX), 0)).toBeNull();
    expect(messageProblem('x'.repeat(MESSAGE_CONTENT_MAX + 1), 0)).toBe('tooLong');
    expect(messageProblem('', 1)).toBeNull();
  });

  it('takes a file only when its content is the allowed type its name claims', () => {
    const extensions = Object.keys(MESSAGE_FILE_TYPES);
    const mimes = [...new Set(Object.values(MESSAGE_FILE_TYPES)), 'image/gif', 'text/html', 'application/zip', undefined];
    fc.assert(
      fc.property(fc.constantFrom(...extensions, 'gif', 'svg', 'exe', 'html'), fc.constantFrom(...mimes), (extension, detected) => {
        const name = `photo.${extension}`;
        const type = messageFileType(name, detected);
        const claimed = (MESSAGE_FILE_TYPES as Record<string, string>)[extension];
        expect(type).toBe(claimed !== undefined && detected === claimed ? claimed : null);
      }),
    );
    // A PNG renamed .jpg, a page renamed .png, an SVG (script inside an image) are refused.
    expect(messageFileType('nozzle.jpg', 'image/png')).toBeNull();
    expect(messageFileType('nozzle.png', undefined)).toBeNull();
    expect(messageFileType('NOZZLE.JPEG', 'image/jpeg')).toBe('image/jpeg');
  });

  it('refuses names with path parts or reversing characters, and types outside the four', () => {
    expect(messageFileNameProblem('../etc/passwd.png')).toMatchObject({ kind: 'badName' });
    expect(messageFileNameProblem('report\u202efdp.exe')).toMatchObject({ kind: 'badName' });
    expect(messageFileNameProblem('drawing.svg')).toEqual({ kind: 'badType' });
    expect(messageFileNameProblem('IMG_0001.HEIC')).toEqual({ kind: 'badType' });
    expect(messageFileNameProblem('IMG_0001.jpg')).toBeNull();
    expect(messageFileNameProblem('报告.pdf')).toBeNull();
  });
});
