import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { documentContentProblem, documentNameProblem } from '../../../src/domain/documents/document-file.policy';
import { fileProgress, uploadMachine, type UploadActorEvent, type UploadEvent } from '../../../src/domain/documents/upload.machine';

describe('document file policy', () => {
  it('refuses plus signs, path parts, bidirectional controls and non-document extensions', () => {
    expect(documentNameProblem('a+b.dxf')).toEqual({ kind: 'plus' });
    expect(documentNameProblem('../x.dxf')?.kind).toBe('name');
    expect(documentNameProblem('x\u202Efdp.dxf')?.kind).toBe('name');
    expect(documentNameProblem('drawing.pdf.exe')).toEqual({ kind: 'extension', extension: 'exe' });
    expect(documentNameProblem('noextension')).toEqual({ kind: 'extension', extension: '' });
    expect(documentNameProblem('规格书.PDF')).toBeNull();
    expect(documentNameProblem('rail-40x40x2.bnt')).toBeNull();
  });

  it('tells content by its signature: programs never, signature formats must match', () => {
    expect(documentContentProblem('a.dxf', 'elf')).toMatch(/program/);
    expect(documentContentProblem('a.dxf', undefined)).toBeNull();
    expect(documentContentProblem('a.pdf', undefined)).toMatch(/not PDF/);
    expect(documentContentProblem('a.pdf', 'pdf')).toBeNull();
    expect(documentContentProblem('a.jpeg', 'jpg')).toBeNull();
    expect(documentContentProblem('a.png', 'pdf')).toMatch(/not PNG/);
    expect(documentContentProblem('a.bnt', 'zip')).toBeNull();
    expect(documentContentProblem('a.bnt', 'png')).toMatch(/is png/);
  });
});

describe('fileProgress', () => {
  it('splits the bytes sent over the files in order', () => {
    expect(fileProgress([100, 100], 50)).toEqual([0.5, 0]);
    expect(fileProgress([100, 100], 150)).toEqual([1, 0.5]);
    expect(fileProgress([100, 0], 100)).toEqual([1, 1]);
  });

  it('stays within 0..1 and never decreases as bytes arrive (fast-check)', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 1000 }), { maxLength: 8 }), fc.nat({ max: 9000 }), fc.nat({ max: 9000 }), (sizes, a, b) => {
        const [low, high] = a < b ? [a, b] : [b, a];
        const p = fileProgress(sizes, low);
        const q = fileProgress(sizes, high);
        p.forEach((v, i) => {
          expect(v).toBeGreaterThanOrEqual(0);
          expect(v).toBeLessThanOrEqual(1);
          expect(q[i]).toBeGreaterThanOrEqual(v);
        });
      }),
    );
  });
});

/** The machine with an upload actor the test drives by hand. */
function start() {
  const notices: string[] = [];
  let send: ((e: UploadActorEvent) => void) | null = null;
  const actor = createActor(
    uploadMachine.provide({
      actors: {
        upload: fromCallback<UploadActorEvent, { orderNumber: string; files: { name: string; size: number }[] }>(({ sendBack }) => {
          send = sendBack;
        }),
      },
      actions: {
        notifyPlus: () => void notices.push('plus'),
        notifyType: (_, p) => void (p.names.length && notices.push(`type:${p.names.join(',')}`)),
        uploaded: (_, p) => void notices.push(`uploaded:${p.count}`),
        failed: (_, p) => void notices.push(`failed:${p.message}`),
      },
    }),
    { input: {} },
  );
  actor.start();
  return { actor, notices, reply: (e: UploadActorEvent) => send!(e) };
}

const file = (name: string, size = 10) => ({ name, size });

describe('uploadMachine', () => {
  it('lists files without sending them, and clears the list on a plus sign', () => {
    const { actor, notices } = start();
    actor.send({ type: 'order.choose', orderNumber: 'T220-1' });
    actor.send({ type: 'files.add', files: [file('a.dxf'), file('b.exe')] });
    expect(actor.getSnapshot().context.files.map((f) => f.name)).toEqual(['a.dxf']);
    expect(notices).toEqual(['type:b.exe']);
    actor.send({ type: 'files.add', files: [file('c+d.dxf')] });
    expect(actor.getSnapshot().context.files).toEqual([]);
    expect(notices).toContain('plus');
    expect(actor.getSnapshot().matches('editing')).toBe(true);
  });

  it('needs an order number and a file to submit; success and failure both clear the list', () => {
    const { actor, notices, reply } = start();
    actor.send({ type: 'files.add', files: [file('a.dxf', 100), file('b.dxf', 100)] });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    actor.send({ type: 'order.choose', orderNumber: 'T220-1' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    reply({ type: 'upload.progress', loaded: 150 });
    expect(fileProgress(actor.getSnapshot().context.files.map((f) => f.size), actor.getSnapshot().context.loaded)).toEqual([1, 0.5]);
    reply({ type: 'upload.answer', answer: { kind: 'uploaded', count: 2 } });
    expect(actor.getSnapshot().context.files).toEqual([]);
    expect(notices).toEqual(['uploaded:2']);
    actor.send({ type: 'files.add', files: [file('c.dxf')] });
    actor.send({ type: 'form.submit' });
    reply({ type: 'upload.answer', answer: { kind: 'refused', message: 'too large' } });
    expect(actor.getSnapshot().context.files).toEqual([]);
    expect(notices).toEqual(['uploaded:2', 'failed:too large']);
  });

  const names = fc.constantFrom('a.dxf', 'b+c.dxf', 'd.exe', 'e.pdf', 'f g.bnt');
  const event: fc.Arbitrary<UploadEvent | { type: 'reply'; ok: boolean }> = fc.oneof(
    fc.record({ type: fc.constant('order.choose' as const), orderNumber: fc.constantFrom('', 'T220-1') }),
    fc.record({ type: fc.constant('files.add' as const), files: fc.array(names.map((n) => file(n)), { maxLength: 3 }) }),
    fc.record({ type: fc.constant('file.remove' as const), index: fc.nat({ max: 3 }) }),
    fc.constant({ type: 'form.submit' as const }),
    fc.record({ type: fc.constant('reply' as const), ok: fc.boolean() }),
  );

  it('never lists a plus sign or another type, never changes the list while uploading, and always clears it after (fast-check)', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 30 }), (events) => {
        const { actor, reply } = start();
        for (const e of events) {
          const before = actor.getSnapshot();
          if (e.type === 'reply') {
            if (!before.hasTag('busy')) continue;
            reply({ type: 'upload.answer', answer: e.ok ? { kind: 'uploaded', count: 1 } : { kind: 'refused', message: 'x' } });
            expect(actor.getSnapshot().context.files).toEqual([]);
            continue;
          }
          actor.send(e);
          const after = actor.getSnapshot();
          for (const f of after.context.files) expect(documentNameProblem(f.name)).toBeNull();
          if (before.hasTag('busy')) expect(after.context.files).toBe(before.context.files);
          if (after.hasTag('busy') && !before.hasTag('busy')) {
            expect(before.context.files.length).toBeGreaterThan(0);
            expect(before.context.orderNumber).not.toBe('');
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});
