import { describe, expect, it } from 'vitest';
import { KyCamLicencesApi } from '../../src/adapters/ky/ky-cam-licences-api.adapter';
import { recordingHttp } from '../support/recording-http';

const row = {
  licenseId: 'N1',
  offerId: 250626,
  product: 'nest',
  startTime: 1_700_000_000,
  endTime: 1_800_000_000,
  expiredTime: 1_800_000_000,
  firstUseTime: null,
  creationtime: 1_699_999_000,
  version: 'Nest V2.0',
  useremail: 'a@b.c',
  IsOldUser: 1,
};
const standing = { IsOldUser: 1, IsInternal: 0, Confirmed: 0, HasEmail: 1, ShowExchange: 1, Points: 6200, Cost: 300, Now: 1_799_600_000 };

describe('KyCamLicencesApi', () => {
  it('reads licences in epoch seconds and the standing of ReturnType', async () => {
    const { http, calls } = recordingHttp({ code: 200, info: 'success', ReturnData: [row], ReturnType: standing });
    const answer = await new KyCamLicencesApi(http).loadLicences();
    expect(calls[0]).toMatchObject({ path: 'Cam/USERWEBgetuserdogPageList' });
    expect(answer).toEqual({
      kind: 'loaded',
      licences: [
        {
          licenceNo: 'N1',
          offerId: 250626,
          product: 'nest',
          startTime: 1_700_000_000_000,
          endTime: 1_800_000_000_000,
          expiredTime: 1_800_000_000_000,
          firstUseTime: null,
          creationTime: 1_699_999_000_000,
          version: 'Nest V2.0',
          email: 'a@b.c',
          isOldUser: true,
        },
      ],
      standing: { access: { oldUser: true, internal: false, confirmed: false, hasEmail: true }, points: 6200, cost: 300, now: 1_799_600_000_000 },
    });
  });

  it('reads the no-data marker as no licences', async () => {
    const { http } = recordingHttp({ code: 200, info: '暂无数据', ReturnData: '暂无数据', ReturnType: { ...standing, IsOldUser: 0 } });
    const answer = await new KyCamLicencesApi(http).loadLicences();
    expect(answer).toMatchObject({ kind: 'loaded', licences: [], standing: { access: { oldUser: false } } });
  });

  it('sends the click key with the exchange, quietly, and reads the new expiry and balance', async () => {
    const { http, calls } = recordingHttp({
      code: 200,
      info: 'Exchange successful',
      ReturnData: { licenseId: 'N1', expiredTime: 1_831_536_000, endTime: 1_831_536_000, Points: 5900, Cost: 300, Repeated: false },
    });
    const answer = await new KyCamLicencesApi(http).exchange({ licenceNo: 'N1', key: 'x-1234567' });
    expect(calls[0]).toEqual({ path: 'Cam/OldUserPointExchange', body: { LicenseId: 'N1', IdempotencyKey: 'x-1234567' }, quiet: true });
    expect(answer).toEqual({ kind: 'exchanged', licenceNo: 'N1', expiredTime: 1_831_536_000_000, points: 5900 });
  });

  it.each([
    [{ code: 400, info: 'A licence can be exchanged only within the 7 days before it expires' }, 'tooEarly'],
    [{ code: 400, info: 'This licence has expired and can no longer be exchanged' }, 'expired'],
    [{ code: 400, info: 'Not enough points: the exchange costs 300, you have 10' }, 'insufficientPoints'],
    [{ code: 404, info: 'No such licence of yours' }, 'noLicence'],
    [{ code: 400, info: 'Please confirm your name and account first' }, 'confirmationRequired'],
    [{ code: 500, info: 'boom' }, 'other'],
  ])('names the refusal %j as %s', async (envelope, reason) => {
    const { http } = recordingHttp({ ...envelope, ReturnData: null });
    expect(await new KyCamLicencesApi(http).exchange({ licenceNo: 'N1', key: 'x-1234567' })).toMatchObject({ kind: 'refused', reason });
  });

  it('confirms name and account quietly and reads a refusal', async () => {
    const ok = recordingHttp({ code: 200, info: 'Confirmed', ReturnData: null });
    expect(await new KyCamLicencesApi(ok.http).confirmAccount({ realName: 'Li', account: 'li@corp.test' })).toEqual({ kind: 'confirmed' });
    expect(ok.calls[0]).toEqual({ path: 'Cam/IsProductUser', body: { RealName: 'Li', Account: 'li@corp.test' }, quiet: true });
    const no = recordingHttp({ code: 400, info: 'The account is not the one you are logged in with', ReturnData: null });
    expect(await new KyCamLicencesApi(no.http).confirmAccount({ realName: 'Li', account: 'x' })).toEqual({ kind: 'refused', message: 'The account is not the one you are logged in with' });
  });
});
