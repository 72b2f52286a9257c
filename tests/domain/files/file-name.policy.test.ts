import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attachmentDisposition, cleanFileName, fileNameProblem, parseByteRange, servedAs } from '../../../src/domain/files/file-name.policy';

describe('fileNameProblem', () => {
  it('keeps ordinary names, Chinese included', () => {
    for (const name of ['Nest-V2.0.3-Setup.zip', '排样软件 V1.5 (中文).zip', 'a', 'report_2026-01-01.pdf']) expect(fileNameProblem(name), name).toBeNull();
  });

  it('refuses path parts, "+", control characters, empty and hidden names', () => {
    for (const name of ['../a.zip', 'a/b.zip', 'a\\b.zip', 'C:evil.zip', '..', '.', 'a+b.zip', 'a\nb', '\u0000', '', '  ', '.hidden', ' lead.zip', 'x'.repeat(181)]) {
      expect(fileNameProblem(name), JSON.stringify(name)).not.toBeNull();
    }
  });

  it('never accepts a name containing a separator or "+"', () => {
    fc.assert(
      fc.property(fc.string(), (name) => {
        if (/[/\\+]/.test(name)) expect(fileNameProblem(name)).not.toBeNull();
      }),
    );
  });
});

describe('attachmentDisposition', () => {
  it('is pure ASCII, has no way out of the quotes, and carries the exact name in filename*', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), (name) => {
        const header = attachmentDisposition(name);
        expect(header).toMatch(/^attachment; filename="[^"\\]*"; filename\*=UTF-8''[A-Za-z0-9!#$&+\-.^_`|~%]*$/);
        expect(decodeURIComponent(header.split("UTF-8''")[1])).toBe(name);
      }),
    );
  });
});

describe('parseByteRange', () => {
  it('reads single ranges and refuses what is outside the file', () => {
    expect(parseByteRange(undefined, 10)).toBeNull();
    expect(parseByteRange('bytes=0-4', 10)).toEqual({ start: 0, end: 4 });
    expect(parseByteRange('bytes=5-', 10)).toEqual({ start: 5, end: 9 });
    expect(parseByteRange('bytes=-3', 10)).toEqual({ start: 7, end: 9 });
    expect(parseByteRange('bytes=-30', 10)).toEqual({ start: 0, end: 9 });
    expect(parseByteRange('bytes=2-100', 10)).toEqual({ start: 2, end: 9 });
    expect(parseByteRange('bytes=10-', 10)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=5-2', 10)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=0-1,3-4', 10)).toBeNull();
    expect(parseByteRange('items=0-1', 10)).toBeNull();
  });
});

describe('names and served types (issue 21, item 7)', () => {
  it('strips NUL and bidirectional controls from a kept name, and judges the clean name', () => {
    expect(cleanFileName('invoice\u202efdp.exe')).toBe('invoicefdp.exe');
    expect(cleanFileName('a\u0000b\u2066c\u2069\u200f.pdf')).toBe('abc.pdf');
    expect(fileNameProblem('report\u0000.pdf')).toBeNull();
    expect(fileNameProblem('\u202e')).not.toBeNull();
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (name) => {
        const clean = cleanFileName(name);
        expect(clean).not.toMatch(/[\u0000\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
        expect(cleanFileName(clean)).toBe(clean);
      }),
    );
  });

  it('shows inline only images the content showed; everything else downloads as bytes', () => {
    expect(servedAs('image/gif')).toEqual({ contentType: 'image/gif', inline: true });
    expect(servedAs(null)).toEqual({ contentType: 'application/octet-stream', inline: false });
    expect(servedAs('text/html')).toEqual({ contentType: 'application/octet-stream', inline: false });
    expect(servedAs('application/pdf').inline).toBe(false);
  });
});
