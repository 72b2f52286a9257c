import { ContainerModule } from 'inversify';
import { KyRandomFilesApi } from '../adapters/ky/ky-random-files-api.adapter';
import { RandomFilesApiToken } from '../ports/tokens';

/** The random-file page's bindings: the list and download calls of a machine's random files. */
export const randomFilesModule = new ContainerModule((options) => {
  options.bind(RandomFilesApiToken).to(KyRandomFilesApi).inSingletonScope();
});
