import { inject, injectable } from 'inversify';
import type { CallContract, DataOf } from '../../contract/call';
import * as Feedback from '../../contract/cam-feedback';
import { isSuccess, listOf, type Envelope } from '../../contract/envelope';
import * as QualityAssurance from '../../contract/quality-assurance';
import * as User from '../../contract/user';
import * as UserCentre from '../../contract/user-centre';
import type { EmailChangeAnswer, EmailCodeAnswer } from '../../domain/accounts/email-change.machine';
import type { ProfileValues } from '../../domain/accounts/profile-form.machine';
import { expectedInstant, type FeedbackValues } from '../../domain/feedback/feedback-form.machine';
import { toChinaWire, type FileSlot } from '../../domain/feedback/feedback-rules';
import type { FeedbackFileAnswer } from '../../domain/feedback/feedback-page.machine';
import type { Question, QuestionsAnswer, UrgeAnswer } from '../../domain/feedback/questions.machine';
import type { SubmitAnswer } from '../../domain/shared/form-submit.machine';
import { refused } from '../../domain/shared/refused';
import type { PortalDownloadPort, PortalHttpPort, PortalUploadPort } from '../../ports/portal-http.port';
import { PortalDownloadToken, PortalHttpToken, PortalUploadToken } from '../../ports/api-tokens';
import type { AvatarAnswer, CentreProfile, ProfileAnswer } from '../../domain/accounts/user-centre-page.machine';
import type { DownloadedFile } from '../../domain/shared/file-download.machine';
import type { PointsAnswer, UserCentreApiPort, WarrantyAnswer } from '../../ports/user-centre-api.port';

// The screens show refusals next to the fields they concern, so calls do not toast.
const QUIET = { quiet: true } as const;

type ProfileWire = DataOf<typeof UserCentre.GetUsers>[number];
type QuestionWire = DataOf<typeof Feedback.GetProblemFeedbacks>[number];
type WarrantyWire = DataOf<typeof QualityAssurance.GetList>[number];

const profileOf = (p: ProfileWire): CentreProfile => ({
  userId: p.UserId ?? '',
  account: p.Account,
  realName: p.RealName,
  email: p.Email,
  mobile: p.Mobile,
  avatarUrl: p.Url,
  fullPathId: p.FullPathId,
  fullPathName: p.FullPathName,
  address: p.Address,
});

const questionOf = (q: QuestionWire): Question => ({
  id: q.Id,
  title: q.Title,
  product: q.Product,
  version: q.Version,
  processingStatus: q.ProcessingStatus,
  isComplaint: q.IsComplaint,
  userName: q.UserName,
  phone: q.Phone,
  createTime: q.CreateTime,
  expectedTime: q.ExProcessingTime,
  processingTime: q.ProcessingTime,
  html: q.HtmlContent,
  mainFile: q.BntFile,
  mainFileName: q.BntFileName,
  otherFile: q.OtherFile,
  otherFileName: q.OtherFileName,
  answer: q.Answer,
});

const warrantyOf = (w: WarrantyWire) => ({
  orderNumber: w.OrderNumber,
  deliveryTime: w.DeliveryTime,
  marketingDept: w.MarketingDept,
  belongDept: w.BelongDept,
  laserBrand: w.LaserBrand,
  guaranteeTime: w.GuaranteeTime,
  extendedTime: w.ExtdWarrantyTime,
  extendedType: w.ExtdWarrantyType,
  underWarranty: w.IsGuarantee === 1,
});

/**
 * A refusal in the page's words: a named refusal of the call with a fixed text becomes the message
 * key `uc.refused.<name>` (the page translates it), anything else keeps the server's info.
 */
function refusalOf(call: CallContract, answer: Pick<Envelope<unknown>, 'code' | 'info'>) {
  for (const [name, text] of Object.entries(call.refusals)) {
    if (typeof text.info === 'string' && text.code === answer.code && text.info === answer.info) return refused(`uc.refused.${name}`);
  }
  return refused(String(answer.info ?? ''));
}

const acceptedBy = (call: CallContract) => (answer: Envelope<unknown>): SubmitAnswer => (isSuccess(answer) ? { kind: 'accepted' } : refusalOf(call, answer));

/** UserCentreApiPort over the portal HTTP, upload and download ports. */
@injectable()
export class KyUserCentreApi implements UserCentreApiPort {
  constructor(
    @inject(PortalHttpToken) private readonly http: PortalHttpPort,
    @inject(PortalUploadToken) private readonly uploads: PortalUploadPort,
    @inject(PortalDownloadToken) private readonly files: PortalDownloadPort,
  ) {}

  async getProfile(signal?: AbortSignal, language?: 'zh' | 'en'): Promise<ProfileAnswer> {
    const answer = await this.http.call(UserCentre.GetUsers, language ? { lang: language } : {}, signal, QUIET);
    const first = isSuccess(answer) ? listOf(answer.ReturnData as ProfileWire[] | string)[0] : undefined;
    return first ? { kind: 'profile', profile: profileOf(first) } : refused(String(answer.info ?? ''));
  }

  async points(signal?: AbortSignal): Promise<PointsAnswer> {
    const mall = await this.http.call(User.GetMallPoints, {}, signal, QUIET);
    if (!isSuccess(mall) || typeof mall.ReturnData !== 'number') return refused(String(mall.info ?? ''));
    const history = await this.http.call(UserCentre.GetPointsHistory, { TopNums: 10 }, signal, QUIET);
    const rows = isSuccess(history) ? listOf(history.ReturnData as DataOf<typeof UserCentre.GetPointsHistory> | string) : [];
    return {
      kind: 'points',
      points: mall.ReturnData,
      history: rows.map((r) => ({ delta: r.Delta, balanceAfter: r.BalanceAfter, reason: r.Reason, source: r.Source, time: r.CreateTime, actorName: r.ActorName ?? '' })),
    };
  }

  async saveProfile(v: ProfileValues, signal?: AbortSignal): Promise<SubmitAnswer> {
    const body = {
      RealName: v.realName,
      Mobile: v.mobile,
      FullPathId: v.fullPathId,
      FullPathName: v.fullPathName,
      Address: v.address,
      ...(v.password ? { OldPassword: v.oldPassword, Password: v.password, ConfirmPassword: v.confirmation } : {}),
    };
    return acceptedBy(UserCentre.Save)(await this.http.call(UserCentre.Save, body, signal, QUIET));
  }

  async uploadAvatar(file: File, onProgress?: (sent: number) => void, signal?: AbortSignal): Promise<AvatarAnswer> {
    const form = new FormData();
    form.append('file', file, file.name);
    const progress = onProgress ? { onProgress: (loaded: number, total: number) => onProgress(Math.min(1, loaded / total)) } : {};
    const answer = await this.uploads.upload<{ Url: string }>(UserCentre.UploadAvatar.path, form, signal, { ...QUIET, ...progress });
    return isSuccess(answer) && answer.ReturnData?.Url ? { kind: 'uploaded', url: answer.ReturnData.Url } : refusalOf(UserCentre.UploadAvatar, answer);
  }

  async requestEmailCode(email: string, signal?: AbortSignal): Promise<EmailCodeAnswer> {
    const taken = await this.http.call(User.GetUserEmail, { Email: email }, signal, QUIET);
    if (listOf(taken.ReturnData as unknown[] | string).length > 0) return { kind: 'taken' };
    const sent = await this.http.call(User.RegisterEmlie, { Email: email }, signal, QUIET);
    if (isSuccess(sent)) return { kind: 'sent', waitSeconds: typeof sent.ReturnData === 'number' ? sent.ReturnData : 60 };
    return refused(String(sent.info ?? ''));
  }

  async changeEmail(email: string, code: string, signal?: AbortSignal): Promise<EmailChangeAnswer> {
    const answer = await this.http.call(UserCentre.ChangeEmail, { Email: email, EmailCode: code }, signal, QUIET);
    return isSuccess(answer) ? { kind: 'changed', email: (answer.ReturnData as ProfileWire).Email } : refusalOf(UserCentre.ChangeEmail, answer);
  }

  async warranty(search: string, signal?: AbortSignal): Promise<WarrantyAnswer> {
    const answer = await this.http.call(QualityAssurance.GetList, { OrderNumber: search }, signal, QUIET);
    if (!isSuccess(answer)) return refused(String(answer.info ?? ''));
    return { kind: 'list', rows: listOf(answer.ReturnData as WarrantyWire[] | string).map(warrantyOf) };
  }

  async questions(title: string, signal?: AbortSignal): Promise<QuestionsAnswer> {
    const answer = await this.http.call(Feedback.GetProblemFeedbacks, { Title: title }, signal, QUIET);
    if (!isSuccess(answer)) return refused(String(answer.info ?? ''));
    return { kind: 'list', questions: listOf(answer.ReturnData as QuestionWire[] | string).map(questionOf) };
  }

  async urge(id: number, signal?: AbortSignal): Promise<UrgeAnswer> {
    const answer = await this.http.call(Feedback.UpdateComplaint, { Id: id, IsComplaint: 1 }, signal, QUIET);
    return isSuccess(answer) ? { kind: 'urged' } : refusalOf(Feedback.UpdateComplaint, answer);
  }

  async downloadQuestionFile(id: number, slot: FileSlot, signal?: AbortSignal): Promise<DownloadedFile> {
    const answer = await this.files.download(Feedback.DownloadFeedbackFile.path, { Id: id, Slot: slot }, signal, QUIET);
    return answer.kind === 'file' ? { kind: 'file', blob: answer.blob, fileName: answer.fileName } : refusalOf(Feedback.DownloadFeedbackFile, answer.envelope);
  }

  async uploadFeedbackFile(slot: FileSlot, file: File, signal?: AbortSignal): Promise<FeedbackFileAnswer> {
    const form = new FormData();
    form.append('file', file, file.name);
    const path = slot === 'main' ? Feedback.UploadBntFile.path : Feedback.UploadIgsAndStpFile.path;
    const answer = await this.uploads.upload<{ FileUrl: string; FileName: string }>(path, form, signal, QUIET);
    return isSuccess(answer) && answer.ReturnData?.FileUrl
      ? { kind: 'uploaded', id: answer.ReturnData.FileUrl, name: answer.ReturnData.FileName }
      : refusalOf(slot === 'main' ? Feedback.UploadBntFile : Feedback.UploadIgsAndStpFile, answer);
  }

  async sendFeedback(v: FeedbackValues, signal?: AbortSignal): Promise<SubmitAnswer> {
    const at = expectedInstant(v.expected);
    const body = {
      Product: Number(v.product),
      Version: v.version,
      Title: v.title,
      HtmlContent: v.html,
      UserName: v.userName,
      Phone: v.phone,
      ...(at ? { ExProcessingTime: toChinaWire(at) } : {}),
      ...(v.mainFile ? { BntFile: v.mainFile } : {}),
      ...(v.otherFile ? { OtherFile: v.otherFile } : {}),
    };
    return acceptedBy(Feedback.ProblemFeedbackSave)(await this.http.call(Feedback.ProblemFeedbackSave, body, signal, QUIET));
  }

  async staffQuestions(status: 0 | 1 | null, signal?: AbortSignal): Promise<QuestionsAnswer & { forbidden?: boolean }> {
    const answer = await this.http.call(Feedback.GetAllProblemFeedbacks, { ...(status === null ? {} : { ProcessingStatus: status }), TopNums: 100 }, signal, QUIET);
    if (answer.code === 403) return { ...refused(String(answer.info ?? '')), forbidden: true };
    if (!isSuccess(answer)) return refused(String(answer.info ?? ''));
    return { kind: 'list', questions: listOf(answer.ReturnData as QuestionWire[] | string).map(questionOf) };
  }

  async answerQuestion(id: number, text: string, close: boolean, signal?: AbortSignal): Promise<SubmitAnswer> {
    return acceptedBy(Feedback.AnswerProblemFeedback)(await this.http.call(Feedback.AnswerProblemFeedback, { Id: id, Answer: text, Close: close }, signal, QUIET));
  }

  async closeQuestion(id: number, signal?: AbortSignal): Promise<SubmitAnswer> {
    return acceptedBy(Feedback.CloseProblemFeedback)(await this.http.call(Feedback.CloseProblemFeedback, { Id: id }, signal, QUIET));
  }
}
