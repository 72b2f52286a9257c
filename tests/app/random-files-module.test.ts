// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { KyRandomFilesApi } from '../../src/adapters/ky/ky-random-files-api.adapter';
import { uiServicesOf } from '../../src/app/container-context';
import { createContainer } from '../../src/app/container';
import { RandomFilesApiToken } from '../../src/ports/api-tokens';
import { RandomFilesMachinesToken } from '../../src/ui/random-files/random-files-machines';

describe('random files module', () => {
  it("binds the random-file calls, and the view reaches the area's machine by token", () => {
    const container = createContainer();
    expect(container.get(RandomFilesApiToken)).toBeInstanceOf(KyRandomFilesApi);
    const machines = uiServicesOf(container).get(RandomFilesMachinesToken);
    expect(Object.keys(machines)).toEqual(['randomFiles']);
    expect(machines.randomFiles.id).toBe('randomFiles');
  });
});
