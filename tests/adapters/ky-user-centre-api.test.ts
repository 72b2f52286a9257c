import { describe, expect, it } from 'vitest';
import { KyUserCentreApi } from '../../src/adapters/ky/ky-user-centre-api.adapter';
import type { CallContract } from '../../src/contract/call';
import type { Envelope } from '../../src/contract/envelope';
import { EMPTY_FEEDBACK } from '../../src/domain/feedback/feedback-form.machine';
import type { PortalCallOptions, PortalDownloadPort, PortalHttpPort, PortalUploadPort } from '../../src/ports/portal-http.port';

/** The adapter over ports answering by path, recording what was asked. */
function setup(answers: Record<string, Envelope<unknown>>) {
  const calls: Array<{ path: string; body: unknown; quiet: boolean }> = [];
  const http = {
    call: async (call: CallContract | string, body: unknown, _signal?: AbortSignal, options?: PortalCallOptions) => {
      const path = typeof call === 'string' ? call : call.path;
      calls.push({ path, body, quiet: !!options?.quiet });
      return answers[path] ?? { code: 500, info: 'unexpected' };
    },
  } as PortalHttpPort;
  const uploads: PortalUploadPort = {
    upload: async <T>(path: string, form: FormData) => {
      calls.push({ path, body: (form.get('file') as File).name, quiet: true });
      return (answers[path] ?? { code: 500, info: 'unexpected' }) as Envelope<T>;
    },
  };
  const files: PortalDownloadPort = { download: async () => ({ kind: 'envelope', envelope: { code: 404, info: 'The file does not exist' } }) };
  return { api: new KyUserCentreApi(http, uploads, files), calls };
}

describe('ky user centre API', () => {
  it('asks GetUserEmail before RegisterEmlie and reads a taken address as taken, never asking for a code', async () => {
    const taken = setup({ 'User/GetUserEmail': { code: 200, info: 'success', ReturnData: [{ Email: 'a@b.cn' }] } });
    expect(await taken.api.requestEmailCode('a@b.cn')).toEqual({ kind: 'taken' });
    expect(taken.calls.map((c) => c.path)).toEqual(['User/GetUserEmail']);
    const free = setup({ 'User/GetUserEmail': { code: 200, info: '暂无数据', ReturnData: '暂无数据' }, 'User/RegisterEmlie': { code: 200, info: 'sent', ReturnData: 60 } });
    expect(await free.api.requestEmailCode('a@b.cn')).toEqual({ kind: 'sent', waitSeconds: 60 });
    expect(free.calls.every((c) => c.quiet)).toBe(true);
  });

  it('sends the expected date in the +08:00 form and only the files that were uploaded', async () => {
    const { api, calls } = setup({ 'Cam/ProblemFeedbackSave': { code: 200, info: 'ok', ReturnData: { Id: 1 } } });
    const answer = await api.sendFeedback({ ...EMPTY_FEEDBACK, product: '1', version: '1.5', title: 't', html: '<p>x</p>', expected: '2026-12-01', mainFile: 'f1' });
    expect(answer).toEqual({ kind: 'accepted' });
    expect(calls[0]!.body).toEqual({ Product: 1, Version: '1.5', Title: 't', HtmlContent: '<p>x</p>', UserName: '', Phone: '', ExProcessingTime: '2026-12-01T12:00:00+08:00', BntFile: 'f1' });
  });

  it('reads questions, the no-data marker as none, and refusals with their words', async () => {
    const q = { Id: 3, Title: 'T', Product: 1, Version: '1', ProcessingStatus: 0, IsComplaint: 1, UserName: 'u', Phone: 'p', CreateTime: 'c', ExProcessingTime: 'e', ProcessingTime: '', HtmlContent: '<p>h</p>', BntFile: '', BntFileName: '', OtherFile: '', OtherFileName: '', Answer: '' };
    expect(await setup({ 'Cam/GetProblemFeedbacks': { code: 200, info: 'ok', ReturnData: [q] } }).api.questions('')).toEqual({
      kind: 'list',
      questions: [expect.objectContaining({ id: 3, isComplaint: 1, html: '<p>h</p>' })],
    });
    expect(await setup({ 'Cam/GetProblemFeedbacks': { code: 200, info: '暂无数据', ReturnData: '暂无数据' } }).api.questions('')).toEqual({ kind: 'list', questions: [] });
    expect(await setup({ 'Cam/UpdateComplaint': { code: 400, info: 'The question is completed' } }).api.urge(3)).toEqual({ kind: 'refused', message: 'uc.refused.completed' });
    expect(await setup({}).api.downloadQuestionFile(3, 'main')).toEqual({ kind: 'refused', message: 'uc.refused.unknownFile' });
    // A refusal the contract does not name keeps the server's words.
    expect(await setup({ 'Cam/UpdateComplaint': { code: 429, info: 'Too many requests' } }).api.urge(3)).toEqual({ kind: 'refused', message: 'Too many requests' });
    expect((await setup({ 'Cam/GetAllProblemFeedbacks': { code: 403, info: 'Staff only' } }).api.staffQuestions(0)).forbidden).toBe(true);
  });

  it('uploads the slot files to their calls and reads FileUrl as the id', async () => {
    const { api, calls } = setup({ 'Cam/UploadIgsAndStpFile': { code: 200, info: 'ok', ReturnData: { FileUrl: 'abc', FileName: 'p.stp' } } });
    expect(await api.uploadFeedbackFile('other', new File(['x'], 'p.stp'))).toEqual({ kind: 'uploaded', id: 'abc', name: 'p.stp' });
    expect(calls).toEqual([{ path: 'Cam/UploadIgsAndStpFile', body: 'p.stp', quiet: true }]);
  });
});
