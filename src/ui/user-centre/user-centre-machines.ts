import type { ServiceIdentifier } from 'inversify';
import type { emailChangeMachine } from '../../domain/accounts/email-change.machine';
import type { profileFormMachine } from '../../domain/accounts/profile-form.machine';
import type { createFeedbackFormMachine } from '../../domain/feedback/feedback-form.machine';
import type { questionsMachine } from '../../domain/feedback/questions.machine';
import { useService } from '../common/services-context';

/** The user centre's and the feedback forms' machines, ready to run: app/user-centre.module.ts provides their calls. */
export interface UserCentreMachines {
  profileForm: typeof profileFormMachine;
  emailChange: typeof emailChangeMachine;
  questions: typeof questionsMachine;
  camFeedback: ReturnType<typeof createFeedbackFormMachine>;
  userFeedback: ReturnType<typeof createFeedbackFormMachine>;
}

export const UserCentreMachinesToken: ServiceIdentifier<UserCentreMachines> = Symbol.for('UserCentreMachines');

export const useUserCentreMachines = (): UserCentreMachines => useService(UserCentreMachinesToken);
