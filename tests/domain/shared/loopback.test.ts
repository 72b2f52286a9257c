import { describe, expect, it } from 'vitest';
import { isLoopback } from '../../../src/domain/shared/loopback';

describe('isLoopback', () => {
  it.each(['127.0.0.1', '127.0.0.2', '127.1.2.3', '127.255.255.255', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1', '::FFFF:127.8.9.10'])(
    'counts %s as this machine',
    (ip) => expect(isLoopback(ip)).toBe(true),
  );

  it.each([
    '128.0.0.1',
    '10.0.0.1',
    '192.168.1.1',
    '203.0.113.7',
    '0.0.0.0',
    '1.127.0.0',
    '::',
    '::2',
    '::ffff:10.0.0.1',
    '::ffff:128.0.0.1',
    '127.0.0',
    '127.0.0.1.5',
    '127.0.0.256',
    '127.0.0.x',
    '127.example.com',
    'localhost',
    '',
  ])('does not count %s', (ip) => expect(isLoopback(ip)).toBe(false));
});
