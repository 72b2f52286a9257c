import { describe, expect, it } from 'vitest';
import { formatBytes } from '../../../src/domain/shared/byte-size';

describe('formatBytes', () => {
  it('names whole megabytes and kilobytes as such, anything else in bytes', () => {
    expect(formatBytes(256 * 1024 * 1024)).toBe('256 MB');
    expect(formatBytes(512 * 1024)).toBe('512 KB');
    expect(formatBytes(1024 * 1024 + 1)).toBe('1048577 bytes');
    expect(formatBytes(1000)).toBe('1000 bytes');
  });
});
