import type { EmailChangeAnswer, EmailCodeAnswer } from '../domain/accounts/email-change.machine';
import type { AvatarAnswer, ProfileAnswer } from '../domain/accounts/user-centre-page.machine';
import type { WarrantyRow } from '../domain/devices/warranty-list.machine';
import type { ProfileValues } from '../domain/accounts/profile-form.machine';
import type { FeedbackValues } from '../domain/feedback/feedback-form.machine';
import type { FeedbackFileAnswer } from '../domain/feedback/feedback-page.machine';
import type { FileSlot } from '../domain/feedback/feedback-rules';
import type { QuestionsAnswer, UrgeAnswer } from '../domain/feedback/questions.machine';
import type { DownloadedFile } from '../domain/shared/file-download.machine';
import type { SubmitAnswer } from '../domain/shared/form-submit.machine';
import type { Refused } from '../domain/shared/refused';

/** One row of the caller's points ledger. */
export interface PointsRow {
  delta: number;
  balanceAfter: number;
  reason: string;
  source: string;
  time: string;
}

export type PointsAnswer = { kind: 'points'; points: number; history: PointsRow[] } | Refused;

export type WarrantyAnswer = { kind: 'list'; rows: WarrantyRow[] } | Refused;

/**
 * The user centre's and the feedback forms' calls, in domain terms (User/GetUsers, Save,
 * ChangeEmail, UploadAvatar; QualityAssurance/GetList; Cam feedback and question calls). A call
 * rejects only when no answer arrived (the HTTP adapter has shown the dialog).
 */
export interface UserCentreApiPort {
  /** GetUsers; with a language, the region is named in it (the page's). */
  getProfile(signal?: AbortSignal, language?: 'zh' | 'en'): Promise<ProfileAnswer>;
  /** GetMallPoints and the newest rows of GetPointsHistory. */
  points(signal?: AbortSignal): Promise<PointsAnswer>;
  saveProfile(values: ProfileValues, signal?: AbortSignal): Promise<SubmitAnswer>;
  /** `onProgress` gets the share of the file sent so far (0 to 1), from the upload port's progress. */
  uploadAvatar(file: File, onProgress?: (sent: number) => void, signal?: AbortSignal): Promise<AvatarAnswer>;
  /** Checks the address is free (GetUserEmail), then asks for a code (RegisterEmlie). */
  requestEmailCode(email: string, signal?: AbortSignal): Promise<EmailCodeAnswer>;
  changeEmail(email: string, code: string, signal?: AbortSignal): Promise<EmailChangeAnswer>;
  warranty(search: string, signal?: AbortSignal): Promise<WarrantyAnswer>;
  questions(title: string, signal?: AbortSignal): Promise<QuestionsAnswer>;
  urge(id: number, signal?: AbortSignal): Promise<UrgeAnswer>;
  downloadQuestionFile(id: number, slot: FileSlot, signal?: AbortSignal): Promise<DownloadedFile>;
  uploadFeedbackFile(slot: FileSlot, file: File, signal?: AbortSignal): Promise<FeedbackFileAnswer>;
  sendFeedback(values: FeedbackValues, signal?: AbortSignal): Promise<SubmitAnswer>;
  /** Staff: every question of a state (0 open, 1 completed, null all). A 403 answers refused. */
  staffQuestions(status: 0 | 1 | null, signal?: AbortSignal): Promise<QuestionsAnswer & { forbidden?: boolean }>;
  /** Staff: answer a question (and close it with `close`). */
  answerQuestion(id: number, answer: string, close: boolean, signal?: AbortSignal): Promise<SubmitAnswer>;
  closeQuestion(id: number, signal?: AbortSignal): Promise<SubmitAnswer>;
}
