import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { DiskFileStore } from '../../src/adapters/files/disk-file-store.adapter';
import { FileRejectedError } from '../../src/ports/file-store.port';

const dataDir = mkdtempSync(path.join(tmpdir(), 'file-store-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const store = new DiskFileStore({ dataDir, maxBytes: 1000 });

const read = async (s: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of s) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

describe('DiskFileStore', () => {
  it('stores under a generated id, never the client name, and reads the bytes back', async () => {
    const stored = await store.put(Buffer.from('hello'), { filename: 'greeting.txt' });
    expect(stored.id).toMatch(/^[0-9a-f]{32}$/);
    expect(stored.size).toBe(5);
    expect(readdirSync(path.join(dataDir, 'files'))).toContain(stored.id);
    expect(readdirSync(path.join(dataDir, 'files')).some((f) => f.includes('greeting'))).toBe(false);
    const opened = await store.open(stored.id);
    expect(opened!.size).toBe(5);
    expect((await read(opened!.stream)).toString()).toBe('hello');
    expect((await read((await store.open(stored.id, { start: 1, end: 3 }))!.stream)).toString()).toBe('ell');
    await store.remove(stored.id);
    expect(await store.open(stored.id)).toBeNull();
  });

  it('removes the partial files a killed upload left, once idle, and never a finished file or a running upload', async () => {
    const own = new DiskFileStore({ dataDir: mkdtempSync(path.join(tmpdir(), 'leftovers-')), maxBytes: 1000 });
    const kept = await own.put(Buffer.from('kept'), { filename: 'kept.txt' });
    const dir = path.join((own as unknown as { dir: string }).dir);
    writeFileSync(path.join(dir, 'aaaa.part'), 'half an upload');
    expect(await own.removeLeftovers(60_000)).toBe(0); // just written: maybe another portal's running upload
    expect(await own.removeLeftovers(60_000, Date.now() + 61_000)).toBe(1);
    expect(readdirSync(dir)).toEqual([kept.id]);
  });

  it('sets aside whole files no row names, once left alone long enough, and keeps the named ones', async () => {
    const own = new DiskFileStore({ dataDir: mkdtempSync(path.join(tmpdir(), 'file-store-aside-')), maxBytes: 1000 });
    const named = await own.put(Buffer.from('a row names me'), { filename: 'named.txt' });
    const orphan = await own.put(Buffer.from('stored, then the portal died before the row'), { filename: 'orphan.txt' });
    const dir = (own as unknown as { dir: string }).dir;
    expect(await own.setAsideUnreferenced(new Set([named.id]), 60_000)).toBe(0); // maybe another portal's row is coming
    expect(await own.setAsideUnreferenced(new Set([named.id]), 0)).toBe(1);
    expect(readdirSync(dir).sort()).toEqual([named.id, 'unreferenced'].sort());
    expect(readdirSync(path.join(dir, 'unreferenced'))).toEqual([orphan.id]);
    // Kept a week, then deleted.
    await own.setAsideUnreferenced(new Set([named.id]), 0, Date.now() + 8 * 24 * 3600_000);
    expect(readdirSync(path.join(dir, 'unreferenced'))).toEqual([]);
    expect((await own.open(named.id))?.size).toBe(14);
  });

  it('tells the type by content, whatever the name says, across chunk edges', async () => {
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(20)]);
    const named = await store.put(Readable.from([gif.subarray(0, 2), gif.subarray(2)]), { filename: 'picture.svg' });
    expect(named.detected).toEqual({ mime: 'image/gif', ext: 'gif' });
    const text = await store.put(Buffer.from('just words'), { filename: 'notes.png' });
    expect(text.detected).toBeUndefined();
  });

  it('takes a stream and refuses one over the limit without leaving a partial file', async () => {
    const ok = await store.put(Readable.from([Buffer.alloc(600), Buffer.alloc(400)]), { filename: 'a.bin' });
    expect(ok.size).toBe(1000);
    const before = readdirSync(path.join(dataDir, 'files')).length;
    await expect(store.put(Readable.from([Buffer.alloc(600), Buffer.alloc(401)]), { filename: 'b.bin' })).rejects.toMatchObject({ status: 413 });
    await expect(store.put(Buffer.alloc(11), { filename: 'c.bin', maxBytes: 10 })).rejects.toBeInstanceOf(FileRejectedError);
    expect(readdirSync(path.join(dataDir, 'files')).length).toBe(before);
  });

  it('leaves no partial file when the source fails, at once or halfway (an upload cut short)', async () => {
    const before = readdirSync(path.join(dataDir, 'files')).sort();
    const failing = (chunks: Buffer[]) =>
      new Readable({
        read() {
          const next = chunks.shift();
          if (next) this.push(next);
          else this.destroy(new Error('Unexpected end of form'));
        },
      });
    await expect(store.put(failing([]), { filename: 'at-once.bin' })).rejects.toThrow('Unexpected end of form');
    await expect(store.put(failing([Buffer.alloc(300), Buffer.alloc(300)]), { filename: 'halfway.bin' })).rejects.toThrow('Unexpected end of form');
    // Give a lazily opened file the time to appear, had the store not opened it first.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(readdirSync(path.join(dataDir, 'files')).sort()).toEqual(before);
  });

  it('refuses names with path parts or "+", and ids that are not its own', async () => {
    await expect(store.put(Buffer.from('x'), { filename: '../x' })).rejects.toMatchObject({ status: 400 });
    await expect(store.put(Buffer.from('x'), { filename: 'a+b' })).rejects.toMatchObject({ status: 400 });
    for (const id of ['../../etc/passwd', '', 'ABC', '0'.repeat(31)]) expect(await store.open(id)).toBeNull();
  });
});
