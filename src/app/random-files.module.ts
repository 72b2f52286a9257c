import { ContainerModule } from 'inversify';
import { fromPromise } from 'xstate';
import { KyRandomFilesApi } from '../adapters/ky/ky-random-files-api.adapter';
import { randomFilesMachine } from '../domain/files/random-files.machine';
import { DevicesApiToken, RandomFilesApiToken } from '../ports/api-tokens';
import { RandomFilesMachinesToken, type RandomFilesMachines } from '../ui/random-files/random-files-machines';

/** The random-file page's bindings: the list and download calls of a machine's random files, and its machine. */
export const randomFilesModule = new ContainerModule((options) => {
  options.bind(RandomFilesApiToken).to(KyRandomFilesApi).inSingletonScope();
  options
    .bind(RandomFilesMachinesToken)
    .toDynamicValue((context): RandomFilesMachines => {
      const devices = context.get(DevicesApiToken);
      const api = context.get(RandomFilesApiToken);
      return {
        randomFiles: randomFilesMachine.provide({
          actors: {
            loadMachines: fromPromise(({ signal }) => devices.getMyMachines(signal)),
            loadFiles: fromPromise(({ input, signal }) => api.getFiles(input.orderNumber, signal)),
            fetchFile: fromPromise(({ input, signal }) => api.download(input.id, signal)),
          },
        }),
      };
    })
    .inSingletonScope();
});
