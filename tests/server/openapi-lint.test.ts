import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationIdOf } from '../../src/server/app';
import { createTestPortal, type TestPortal } from '../support/test-portal';

// Issue 21, item 10: the OpenAPI document passes Redocly's recommended rules with no error and no
// warning, and says truthfully who may call each operation.
let portal: TestPortal;
let doc: any;
const dir = mkdtempSync(path.join(tmpdir(), 'openapi-'));
beforeAll(async () => {
  portal = await createTestPortal({ MQTT_HOOK_SECRET: 'hook-secret-1' });
  doc = (await portal.app.inject({ url: '/api/openapi.json' })).json();
});
afterAll(async () => {
  await portal.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the OpenAPI document', () => {
  it('passes `redocly lint` (recommended rules) with no problem', async () => {
    const file = path.join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(doc));
    const bin = path.resolve(import.meta.dirname, '../../node_modules/.bin/redocly');
    const run = await promisify(execFile)(bin, ['lint', file, '--format=summary'], { env: { ...process.env, REDOCLY_TELEMETRY: 'off', NO_UPDATE_NOTIFIER: '1' } }).then(
      (r) => ({ ok: true, out: r.stdout + r.stderr }),
      (e: { stdout?: string; stderr?: string }) => ({ ok: false, out: `${e.stdout ?? ''}${e.stderr ?? ''}` }),
    );
    expect(run.out).not.toMatch(/^(error|warning)\s/m);
    expect(run.ok, run.out).toBe(true);
  });

  it('names the hook secret for the MQTT hooks, nothing for public calls, the token for the rest; and lists no /dev/outbox', () => {
    expect(doc.paths['/api/Mqtt/Auth'].post.security).toEqual([{ hookSecret: [] }]);
    expect(doc.paths['/api/Login/UserLogin'].post.security).toEqual([]);
    expect(doc.paths['/api/User/GetUserInfo'].post.security).toEqual([{ token: [] }, { bearer: [] }]);
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/dev/'))).toEqual([]);
    expect(doc.paths['/api/Cam/PublishRelease'].post.operationId).toBe('Cam_PublishRelease');
    expect(operationIdOf('GET', '/api/Knowledge/File/:id/:filename')).toBe('get_api_Knowledge_File_id_filename');
  });
});
