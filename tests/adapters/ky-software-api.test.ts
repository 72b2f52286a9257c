import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KySoftwareApi } from '../../src/adapters/ky/ky-software-api.adapter';
import { NO_DATA, type Envelope } from '../../src/contract/envelope';
import { camRelease } from '../support/cam-releases';
import { recordingHttp } from '../support/recording-http';

const FC = { numRuns: 200, seed: Number(process.env.FC_SEED ?? 20250101) };

/** The adapter over an HTTP port that answers `answer` and records what was asked. */
function setup(answer: Envelope<unknown> = { code: 200, info: '' }) {
  const { http, calls } = recordingHttp(answer);
  return { api: new KySoftwareApi(http), calls };
}

const release = camRelease;

const latestOf = (answer: Envelope<unknown>) => setup(answer).api.getLatestRelease('1', 'en');

describe('ky software API', () => {
  it('calls the Cam and WarrantyRule actions of the contract with the spec bodies; downloads toast their refusals', async () => {
    const { api, calls } = setup();
    await api.getLatestRelease('4', 'zh');
    await api.insertDownload(31);
    await api.allowInsertDownload('a1b2');
    await api.saveCamCustomer({ userName: 'Li Lei', phone: '13800138000', email: 'li@laser.cn', companyName: 'Laser Works', address: 'Jinan' });
    await api.getWarrantyRule('1', 'en');
    expect(calls).toEqual([
      { path: 'Cam/GetCamAssistant', body: { ProductType: '4', lang: 'zh' }, quiet: true },
      { path: 'Cam/InsertDownload', body: { CamEdition: '31' }, quiet: false },
      { path: 'Cam/AllowInsertDownload', body: { CamEdition: 'a1b2' }, quiet: false },
      {
        path: 'Cam/SaveCamCustomer',
        body: { UserName: 'Li Lei', Phone: '13800138000', Email: 'li@laser.cn', CompanyName: 'Laser Works', Address: 'Jinan' },
        quiet: true,
      },
      { path: 'WarrantyRule/GetList', body: { MachineType: '1', lang: 'en' }, quiet: true },
    ]);
  });

  describe('the latest release (GetCamAssistant)', () => {
    it('takes the first (newest) release', async () => {
      expect(await latestOf({ code: 200, info: '', ReturnData: [release('V2.0.3'), release('V2.0.2')] })).toEqual({
        kind: 'release',
        release: release('V2.0.3'),
      });
    });

    it('answers ReturnMsg for the no-data marker or an empty list', async () => {
      expect(await latestOf({ code: 200, info: '', ReturnData: NO_DATA, ReturnMsg: 'No release yet' })).toEqual({ kind: 'none', message: 'No release yet' });
      expect(await latestOf({ code: 200, info: '', ReturnData: [] })).toEqual({ kind: 'none', message: NO_DATA });
    });

    it('reports a refusal with its info', async () => {
      expect(await latestOf({ code: 500, info: 'boom' })).toEqual({ kind: 'refused', message: 'boom' });
    });

    it('keeps only the fields the pages use', async () => {
      const wire = { ...release('V1.5.7'), remarkzh: '中文', remarken: 'English', size: 12, sha256: 'ab' };
      expect(await latestOf({ code: 200, info: 'success', ReturnData: [wire] })).toEqual({ kind: 'release', release: release('V1.5.7') });
    });

    it('never throws and a "none" always carries a message, whatever the answer', async () => {
      const answer = fc.record({
        code: fc.constantFrom(200, 400, 500),
        info: fc.string(),
        ReturnMsg: fc.option(fc.string(), { nil: undefined }),
        ReturnData: fc.oneof(fc.constant(NO_DATA), fc.string(), fc.array(fc.anything()), fc.array(fc.string().map((v) => release(v)))),
      });
      await fc.assert(
        fc.asyncProperty(answer, async (a) => {
          const result = await latestOf(a);
          if (result.kind === 'none') expect(result.message.length).toBeGreaterThan(0);
          if (result.kind === 'release') expect(result.release.versionnumber.trim()).not.toBe('');
          if (a.code !== 200) expect(result.kind).toBe('refused');
        }),
        FC,
      );
    });
  });

  it('reads a download record: recorded, or refused with its info', async () => {
    expect(await setup({ code: 200, info: 'success', ReturnData: '/api/Cam/File/7/nest.zip' }).api.insertDownload(7)).toEqual({ kind: 'recorded' });
    expect(await setup({ code: 404, info: 'No such software version', ReturnData: null }).api.allowInsertDownload(7)).toEqual({
      kind: 'refused',
      message: 'No such software version',
    });
    expect(await setup({ code: 401, info: 'Login has expired, please log in again' }).api.insertDownload(7)).toEqual({
      kind: 'refused',
      message: 'Login has expired, please log in again',
    });
  });

  it('reads the CAM customer form: accepted, or refused with its info', async () => {
    const customer = { userName: 'a', phone: 'b', email: 'c', companyName: 'd', address: 'e' };
    expect(await setup({ code: 200, info: 'submitted successfully', ReturnData: null }).api.saveCamCustomer(customer)).toEqual({ kind: 'accepted' });
    expect(await setup({ code: 400, info: 'Phone format is wrong', ReturnData: null }).api.saveCamCustomer(customer)).toEqual({
      kind: 'refused',
      message: 'Phone format is wrong',
    });
  });

  describe('the warranty policy (WarrantyRule/GetList)', () => {
    const wireRule = {
      Id: 1,
      MachineType: '0',
      Title: 'Laser cutting',
      WarrantyScope: 'Covered',
      NotWarrantyScope: 'Not covered',
      ServiceProcess: 'Report',
      TitleZh: '激光切割',
      TitleEn: 'Laser cutting',
    };
    const ruleOf = (answer: Envelope<unknown>) => setup(answer).api.getWarrantyRule('0', 'en');

    it('takes the first rule listed', async () => {
      expect(await ruleOf({ code: 200, info: 'success', ReturnData: [wireRule, { ...wireRule, Id: 2 }] })).toEqual({
        kind: 'rule',
        rule: { Id: 1, MachineType: '0', Title: 'Laser cutting', WarrantyScope: 'Covered', NotWarrantyScope: 'Not covered', ServiceProcess: 'Report' },
      });
    });

    it('answers the no-data marker or an empty list as none, with ReturnMsg or else info', async () => {
      expect(await ruleOf({ code: 200, info: NO_DATA, ReturnData: NO_DATA, ReturnCount: 0 })).toEqual({ kind: 'none', message: NO_DATA });
      expect(await ruleOf({ code: 200, info: 'success', ReturnData: [], ReturnMsg: 'None yet' })).toEqual({ kind: 'none', message: 'None yet' });
      expect(await ruleOf({ code: 200, info: '', ReturnData: [] })).toEqual({ kind: 'none', message: '' });
    });

    it('reports a refusal with its info', async () => {
      expect(await ruleOf({ code: 400, info: 'Id must be a whole number', ReturnData: null })).toEqual({ kind: 'refused', message: 'Id must be a whole number' });
    });
  });
});
