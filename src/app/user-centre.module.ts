import { ContainerModule } from 'inversify';
import { fromPromise } from 'xstate';
import { KyUserCentreApi } from '../adapters/ky/ky-user-centre-api.adapter';
import { emailChangeMachine } from '../domain/accounts/email-change.machine';
import { profileFormMachine } from '../domain/accounts/profile-form.machine';
import { createFeedbackFormMachine, type FeedbackValues } from '../domain/feedback/feedback-form.machine';
import { questionsMachine } from '../domain/feedback/questions.machine';
import { UserCentreApiToken } from '../ports/tokens';
import { UserCentreMachinesToken, type UserCentreMachines } from '../ui/user-centre/user-centre-machines';

/** The user centre's bindings: its API (profile, e-mail, warranty, questions, feedback) and its machines. */
export const userCentreModule = new ContainerModule((options) => {
  options.bind(UserCentreApiToken).to(KyUserCentreApi).inSingletonScope();
  options
    .bind(UserCentreMachinesToken)
    .toDynamicValue((context): UserCentreMachines => {
      const api = context.get(UserCentreApiToken);
      const feedback = (form: 'cam' | 'user') =>
        createFeedbackFormMachine(form).provide({
          actors: { submit: fromPromise(({ input, signal }) => api.sendFeedback(input as FeedbackValues, signal)) },
        });
      return {
        profileForm: profileFormMachine.provide({ actors: { submit: fromPromise(({ input, signal }) => api.saveProfile(input, signal)) } }),
        emailChange: emailChangeMachine.provide({
          actors: {
            requestCode: fromPromise(({ input, signal }) => api.requestEmailCode(input.email, signal)),
            submit: fromPromise(({ input, signal }) => api.changeEmail(input.email, input.code, signal)),
          },
        }),
        questions: questionsMachine.provide({
          actors: {
            load: fromPromise(({ input, signal }) => api.questions(input.title, signal)),
            urge: fromPromise(({ input, signal }) => api.urge(input.id, signal)),
          },
        }),
        camFeedback: feedback('cam'),
        userFeedback: feedback('user'),
      };
    })
    .inSingletonScope();
});
