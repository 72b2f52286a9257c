import { ContainerModule } from 'inversify';
import { BrowserConnectionTest } from '../adapters/websocket/browser-connection-test.adapter';
import { connectionTestMachine } from '../domain/shared/connection-test.machine';
import { DATA_SOCKET_PATH, MQTT_PATH } from '../domain/telemetry/telemetry-constants';
import { ConnectionTestMachineToken } from '../ui/shell/connection-test-machine';
import { fromPromise } from 'xstate';
import { areaCascadeMachine } from '../domain/accounts/area-cascade.machine';
import { camBindingMachine } from '../domain/accounts/cam-binding.machine';
import { loginMachine } from '../domain/accounts/login.machine';
import { passwordResetMachine } from '../domain/accounts/password-reset.machine';
import { registrationMachine } from '../domain/accounts/registration.machine';
import type { AccountsApiPort } from '../ports/accounts-api.port';
import { AccountsApiToken, ConnectionTestToken } from '../ports/api-tokens';
import { AccountsMachinesToken, type AccountsMachines } from '../ui/accounts/accounts-machines';

/** The accounts machines provided with the port's calls. */
export function accountsMachines(api: AccountsApiPort): AccountsMachines {
  return {
    login: loginMachine.provide({ actors: { login: fromPromise(({ input, signal }) => api.login(input, signal)) } }),
    passwordReset: passwordResetMachine.provide({
      actors: {
        requestCode: fromPromise(({ input, signal }) => api.requestCode(input.channel, input.account, signal)),
        resetPassword: fromPromise(({ input, signal }) => api.resetPassword(input, signal)),
      },
    }),
    registration: registrationMachine.provide({
      actors: {
        areaCascade: areaCascadeMachine.provide({
          actors: { loadAreas: fromPromise(({ input, signal }) => api.getAreas(input, signal)) },
        }),
        camBinding: camBindingMachine.provide({
          actors: {
            requestCode: fromPromise(({ input, signal }) => api.requestCode('email', input.email, signal)),
            bindEmail: fromPromise(({ input, signal }) => api.bindCamEmail(input, signal)),
          },
        }),
        requestCode: fromPromise(({ input, signal }) => api.requestCode(input.mode, input.contact, signal)),
        checkEmail: fromPromise(({ input, signal }) => api.lookUpEmail(input.email, signal)),
        save: fromPromise(({ input, signal }) =>
          input.manualReview ? api.registerForReview(input.payload, signal) : api.register(input.payload, signal),
        ),
      },
    }),
  };
}

/** The accounts area's machines over the Login and User calls (bound in common.module.ts: the session uses them on every page), and the test page's probes of the login and the live connections. */
export const accountsModule = new ContainerModule((options) => {
  options
    .bind(AccountsMachinesToken)
    .toDynamicValue((context) => accountsMachines(context.get(AccountsApiToken)))
    .inSingletonScope();
  options.bind(ConnectionTestToken).to(BrowserConnectionTest).inSingletonScope();
  options
    .bind(ConnectionTestMachineToken)
    .toDynamicValue((context) => {
      const probes = context.get(ConnectionTestToken);
      return connectionTestMachine.provide({
        actors: {
          probe: fromPromise(({ input, signal }) =>
            input.check === 'session' ? probes.session(signal) : probes.socket(input.check === 'live' ? MQTT_PATH : DATA_SOCKET_PATH, signal),
          ),
        },
      });
    })
    .inSingletonScope();
});
