import { ContainerModule } from 'inversify';
import { KyAccountsApi } from '../adapters/ky/ky-accounts-api.adapter';
import { AccountsApiToken } from '../ports/tokens';

/** The accounts area's bindings: the Login and User API calls over the portal HTTP port. */
export const accountsModule = new ContainerModule((options) => {
  options.bind(AccountsApiToken).to(KyAccountsApi).inSingletonScope();
});
