import type { ServiceIdentifier } from 'inversify';
import type { profileEditorMachine } from '../../domain/accounts/profile-editor.machine';
import type { FeedbackPageMachine } from '../../domain/feedback/feedback-page.machine';
import type { questionsMachine } from '../../domain/feedback/questions.machine';
import type { staffQuestionsMachine } from '../../domain/feedback/staff-questions.machine';
import type { warrantyListMachine, WarrantyRow } from '../../domain/devices/warranty-list.machine';
import type { loyaltyMachine } from '../../domain/points/loyalty.machine';
import type { userCentrePageMachine } from '../../domain/accounts/user-centre-page.machine';
import type { FileDownloadMachine } from '../../domain/shared/file-download.machine';
import type { FileSlot } from '../../domain/feedback/feedback-rules';
import { useService } from '../common/services-context';

/** The user centre's and the feedback forms' machines, ready to run: app/user-centre.module.ts provides their calls. */
export interface UserCentreMachines {
  /** The page's profile, change-email dialog (with its machine) and avatar upload. */
  page: typeof userCentrePageMachine;
  /** The profile form with registration's area cascade as its children. */
  profileEditor: typeof profileEditorMachine;
  loyalty: typeof loyaltyMachine;
  warranty: ReturnType<typeof warrantyListMachine<WarrantyRow>>;
  questions: typeof questionsMachine;
  /** A question's attachment (its id and slot); the drawer provides the notices and the save. */
  questionFile: FileDownloadMachine<{ id: number; slot: FileSlot }>;
  /** Staff: the support questions to answer and close (`/staff/questions`). */
  staffQuestions: typeof staffQuestionsMachine;
  /** The feedback pages around their forms: `/camReport` and `/userReport`. */
  camFeedback: FeedbackPageMachine;
  userFeedback: FeedbackPageMachine;
}

export const UserCentreMachinesToken: ServiceIdentifier<UserCentreMachines> = Symbol.for('UserCentreMachines');

export const useUserCentreMachines = (): UserCentreMachines => useService(UserCentreMachinesToken);
