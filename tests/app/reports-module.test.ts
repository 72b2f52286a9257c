// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { KyReportsApi } from '../../src/adapters/ky/ky-reports-api.adapter';
import { uiServicesOf } from '../../src/app/container-context';
import { createContainer } from '../../src/app/container';
import { ReportsApiToken } from '../../src/ports/api-tokens';
import { ReportsMachinesToken } from '../../src/ui/reports/reports-machines';

describe('reports module', () => {
  it("binds the task page's calls, and the views reach the area's machines by token", () => {
    const container = createContainer();
    expect(container.get(ReportsApiToken)).toBeInstanceOf(KyReportsApi);
    const machines = uiServicesOf(container).get(ReportsMachinesToken);
    expect(Object.keys(machines).sort()).toEqual(['csvExport', 'fleet', 'report', 'runtime', 'statistics']);
    expect([machines.fleet.id, machines.report.id, machines.runtime.id, machines.statistics.id, machines.csvExport.id]).toEqual([
      'fleet',
      'pagedTable',
      'pagedTable',
      'statistics',
      'csvExport',
    ]);
  });
});
