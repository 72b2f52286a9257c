import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WARRANTY_RULES } from '../../src/seed/cam.seed';
import { createTestPortal, type TestPortal } from '../support/test-portal';

let portal: TestPortal;
beforeAll(async () => {
  portal = await createTestPortal();
});
afterAll(() => portal.close());

const list = async (body: Record<string, unknown>, token?: string) => (await portal.call('WarrantyRule/GetList', body, token)).body;

describe('WarrantyRule/GetList', () => {
  for (const machineType of ['0', '1'] as const) {
    it(`answers the seeded policy of machine type ${machineType}: a title and three sections, in zh by default`, async () => {
      const seeded = WARRANTY_RULES.find((r) => r.machineType === machineType)!;
      const answer = await list({ Id: '', MachineType: machineType });
      expect(answer.code).toBe(200);
      expect(answer.ReturnCount).toBe(1);
      const rule = answer.ReturnData[0];
      expect(rule).toMatchObject({
        MachineType: machineType,
        Title: seeded.title,
        WarrantyScope: seeded.warrantyScope,
        NotWarrantyScope: seeded.notWarrantyScope,
        ServiceProcess: seeded.serviceProcess,
        TitleEn: seeded.titleEn,
        WarrantyScopeEn: seeded.warrantyScopeEn,
        NotWarrantyScopeEn: seeded.notWarrantyScopeEn,
        ServiceProcessEn: seeded.serviceProcessEn,
      });
      expect(typeof rule.Id).toBe('number');
      for (const section of ['WarrantyScope', 'NotWarrantyScope', 'ServiceProcess']) {
        expect(rule[section].split('\n').length, section).toBeGreaterThanOrEqual(4);
        expect(rule[`${section}En`].split('\n').length, section).toBe(rule[section].split('\n').length);
      }
    });

    it(`answers machine type ${machineType} in English for lang en`, async () => {
      const seeded = WARRANTY_RULES.find((r) => r.machineType === machineType)!;
      const rule = (await list({ MachineType: machineType, lang: 'en' })).ReturnData[0];
      expect(rule).toMatchObject({ Title: seeded.titleEn, WarrantyScope: seeded.warrantyScopeEn, TitleZh: seeded.title });
    });
  }

  it('tells the two machine types apart: laser cutting and hand-held welding', async () => {
    expect((await list({ MachineType: '0', lang: 'en' })).ReturnData[0].Title).toMatch(/laser cutting/i);
    expect((await list({ MachineType: '1', lang: 'en' })).ReturnData[0].Title).toMatch(/welding/i);
    expect((await list({ MachineType: 1 })).ReturnData[0].MachineType).toBe('1');
  });

  it('finds one rule by Id, answers the no-data marker for an unknown one, and lists all without filters', async () => {
    const rule = (await list({ MachineType: '1' })).ReturnData[0];
    expect((await list({ Id: rule.Id })).ReturnData).toHaveLength(1);
    expect((await list({ Id: String(rule.Id), MachineType: '0' })).ReturnData).toBe('暂无数据');
    expect((await list({ Id: '999999' })).ReturnData).toBe('暂无数据');
    expect((await list({})).ReturnCount).toBe(2);
  });

  it('refuses a machine type or id that is not one, and is public for every caller', async () => {
    expect((await list({ MachineType: '7' })).code).toBe(400);
    expect((await list({ Id: 'abc' })).info).toBe('Id must be a whole number');
    const { token } = await portal.login('demo@example.com', 'demo1234');
    expect((await list({ MachineType: '0' }, token)).code).toBe(200);
  });
});
