import { ContainerModule } from 'inversify';
import { fromPromise } from 'xstate';
import { uploadActor } from './upload-actor';
import { KyUserCentreApi } from '../adapters/ky/ky-user-centre-api.adapter';
import { emailChangeMachine } from '../domain/accounts/email-change.machine';
import { areaCascadeMachine } from '../domain/accounts/area-cascade.machine';
import { profileEditorMachine } from '../domain/accounts/profile-editor.machine';
import { profileFormMachine } from '../domain/accounts/profile-form.machine';
import { createFeedbackFormMachine, type FeedbackValues } from '../domain/feedback/feedback-form.machine';
import { createFeedbackPageMachine } from '../domain/feedback/feedback-page.machine';
import { questionsMachine } from '../domain/feedback/questions.machine';
import { staffQuestionsMachine } from '../domain/feedback/staff-questions.machine';
import { warrantyListMachine, type WarrantyRow } from '../domain/devices/warranty-list.machine';
import { userCentrePageMachine, type AvatarAnswer, type AvatarUploadEvent, type PickedPicture } from '../domain/accounts/user-centre-page.machine';
import { createFileDownloadMachine } from '../domain/shared/file-download.machine';
import type { FileSlot } from '../domain/feedback/feedback-rules';
import { loyaltyMachine } from '../domain/points/loyalty.machine';
import { AccountsApiToken, UserCentreApiToken } from '../ports/api-tokens';
import { UserCentreMachinesToken, type UserCentreMachines } from '../ui/user-centre/user-centre-machines';

/** The user centre's bindings: its API (profile, e-mail, warranty, questions, feedback) and its machines. */
export const userCentreModule = new ContainerModule((options) => {
  options.bind(UserCentreApiToken).to(KyUserCentreApi).inSingletonScope();
  options
    .bind(UserCentreMachinesToken)
    .toDynamicValue((context): UserCentreMachines => {
      const api = context.get(UserCentreApiToken);
      const accounts = context.get(AccountsApiToken);
      const feedback = (form: 'cam' | 'user') =>
        createFeedbackPageMachine(form).provide({
          actors: {
            form: createFeedbackFormMachine(form).provide({
              actors: { submit: fromPromise(({ input, signal }) => api.sendFeedback(input as FeedbackValues, signal)) },
            }),
            loadProfile: fromPromise(({ signal }) => api.getProfile(signal)),
            // The page hands on the browser's File it was given.
            uploadFile: fromPromise(({ input, signal }) => api.uploadFeedbackFile(input.slot, input.file as unknown as File, signal)),
          },
        });
      return {
        page: userCentrePageMachine.provide({
          actors: {
            emailChange: emailChangeMachine.provide({
              actors: {
                requestCode: fromPromise(({ input, signal }) => api.requestEmailCode(input.email, signal)),
                submit: fromPromise(({ input, signal }) => api.changeEmail(input.email, input.code, signal)),
              },
            }),
            loadProfile: fromPromise(({ input, signal }) => api.getProfile(signal, input.language)),
            uploadAvatar: uploadActor<AvatarUploadEvent, { file: PickedPicture }, AvatarAnswer>(
              (input, onProgress, signal) => api.uploadAvatar(input.file as unknown as File, onProgress, signal),
              { progress: (share) => ({ type: 'avatar.progress', share }), answer: (answer) => ({ type: 'avatar.answer', answer }), lost: { type: 'avatar.lost' } },
            ),
          },
        }),
        profileEditor: profileEditorMachine.provide({
          actors: {
            profileForm: profileFormMachine.provide({ actors: { submit: fromPromise(({ input, signal }) => api.saveProfile(input, signal)) } }),
            // Registration's cascade with registration's area call (User/GetCountry...).
            areaCascade: areaCascadeMachine.provide({ actors: { loadAreas: fromPromise(({ input, signal }) => accounts.getAreas(input, signal)) } }),
          },
        }),
        loyalty: loyaltyMachine.provide({ actors: { load: fromPromise(({ signal }) => api.points(signal)) } }),
        warranty: warrantyListMachine<WarrantyRow>().provide({ actors: { load: fromPromise(({ input, signal }) => api.warranty(input.search, signal)) } }),
        questions: questionsMachine.provide({
          actors: {
            load: fromPromise(({ input, signal }) => api.questions(input.title, signal)),
            urge: fromPromise(({ input, signal }) => api.urge(input.id, signal)),
          },
        }),
        questionFile: createFileDownloadMachine<{ id: number; slot: FileSlot }>().provide({
          actors: { fetch: fromPromise(({ input, signal }) => api.downloadQuestionFile(input.id, input.slot, signal)) },
        }),
        staffQuestions: staffQuestionsMachine.provide({
          actors: {
            loadQuestions: fromPromise(({ input, signal }) => api.staffQuestions(input.status, signal)),
            act: fromPromise(({ input, signal }) =>
              input.act === 'close' ? api.closeQuestion(input.id, signal) : api.answerQuestion(input.id, input.text, input.act === 'answerClose', signal),
            ),
          },
        }),
        camFeedback: feedback('cam'),
        userFeedback: feedback('user'),
      };
    })
    .inSingletonScope();
});
