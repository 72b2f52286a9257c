import type { ServiceIdentifier } from 'inversify';
import type { emailChangeMachine } from '../../domain/accounts/email-change.machine';
import type { profileEditorMachine } from '../../domain/accounts/profile-editor.machine';
import type { createFeedbackFormMachine } from '../../domain/feedback/feedback-form.machine';
import type { questionsMachine } from '../../domain/feedback/questions.machine';
import type { staffQuestionsMachine } from '../../domain/feedback/staff-questions.machine';
import type { warrantyListMachine } from '../../domain/devices/warranty-list.machine';
import type { loyaltyMachine } from '../../domain/points/loyalty.machine';
import type { WarrantyRow } from '../../ports/user-centre-api.port';
import { useService } from '../common/services-context';

/** The user centre's and the feedback forms' machines, ready to run: app/user-centre.module.ts provides their calls. */
export interface UserCentreMachines {
  /** The profile form with registration's area cascade as its children. */
  profileEditor: typeof profileEditorMachine;
  emailChange: typeof emailChangeMachine;
  loyalty: typeof loyaltyMachine;
  warranty: ReturnType<typeof warrantyListMachine<WarrantyRow>>;
  questions: typeof questionsMachine;
  /** Staff: the support questions to answer and close (`/staff/questions`). */
  staffQuestions: typeof staffQuestionsMachine;
  camFeedback: ReturnType<typeof createFeedbackFormMachine>;
  userFeedback: ReturnType<typeof createFeedbackFormMachine>;
}

export const UserCentreMachinesToken: ServiceIdentifier<UserCentreMachines> = Symbol.for('UserCentreMachines');

export const useUserCentreMachines = (): UserCentreMachines => useService(UserCentreMachinesToken);
