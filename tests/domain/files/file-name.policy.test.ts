import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attachmentDisposition, fileNameProblem, parseByteRange } from '../../../src/domain/files/file-name.policy';

describe('fileNameProblem', () => {
  it('keeps ordinary names, Chinese included', () => {
    for (const name of ['Nest-V2.0.3-Setup.zip', '排样软件 V1.5 (中文).zip', 'a', 'report_2026-01-01.pdf']) expect(fileNameProblem(name), name).toBeNull();
  });

  it('refuses path parts, "+", control characters, empty and hidden names', () => {
    for (const name of ['../a.zip', 'a/b.zip', 'a\\b.zip', 'C:evil.zip', '..', '.', 'a+b.zip', 'a\nb', 'a\u0000b', '', '  ', '.hidden', ' lead.zip', 'x'.repeat(181)]) {
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
