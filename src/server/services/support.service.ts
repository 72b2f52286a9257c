import type { Readable } from 'node:stream';
import {
  allowedExtensions,
  contentMatches,
  extensionOf,
  FEEDBACK_FILE_MAX_BYTES,
  feedbackContact,
  feedbackFileProblem,
  feedbackProblem,
  isFeedbackProduct,
  parseExpectedTime,
  type FeedbackProblem,
  type FeedbackProduct,
  type FileSlot,
} from '../../domain/feedback/feedback-rules';
import { canUrge, isCompleted, isUrgent, stripWhitespace } from '../../domain/feedback/question-rules';
import { isEmail } from '../../domain/shared/contact-patterns';
import type { UserRepository } from '../../ports/accounts-store.port';
import { FileRejectedError, type FileStorePort } from '../../ports/file-store.port';
import type { MailerPort } from '../../ports/mailer.port';
import type { QuestionFilter, QuestionRecord, SupportStore } from '../../ports/user-centre-store.port';
import { sanitiseArticleHtml } from './knowledge/html-sanitiser';
import type { Clock } from '../../ports/clock.port';
import { done, refuse, type Outcome } from '../outcome';
import type { Caller } from './session.service';

/** A feedback as the server receives it (spec 3 section 7's ProblemFeedbackSave). */
export interface FeedbackInput {
  product: unknown;
  version: string;
  title: string;
  html: string;
  userName?: string;
  phone?: string;
  expected?: string;
  mainFile?: string;
  otherFile?: string;
}

export interface UploadedFile {
  fileId: string;
  fileName: string;
}

export type UploadRefusal = 'badFileName' | 'unsupported' | 'contentMismatch' | 'tooLarge';

/** A stored file of a question, to download. */
export interface QuestionFile {
  stream: Readable;
  size: number;
  fileName: string;
}

/** Uploads of the feedback forms kept this long without a feedback that names them (24 hours; FEEDBACK_UPLOAD_TTL_HOURS). */
export const FEEDBACK_UPLOAD_TTL_MS = 24 * 3600_000;

/** The largest id PostgreSQL's integer holds. */
const INT_MAX = 2 ** 31 - 1;

/** Whole numbers the wire sends as numbers or strings; anything else is none. */
export function wholeOf(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d{1,10}\s*$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}

/** Support questions: the feedback forms, the customer's list and urgent action, and the staff's answers. */
export class SupportService {
  constructor(
    private readonly store: SupportStore,
    private readonly users: UserRepository,
    private readonly files: FileStorePort,
    private readonly mailer: MailerPort,
    private readonly clock: Clock,
    private readonly brandName: string,
    /** How long an upload waits for the feedback that sends it (then it is swept, and a save naming it is refused). */
    private readonly uploadTtlMs: number = FEEDBACK_UPLOAD_TTL_MS,
  ) {}

  /**
   * Removes the uploads older than their time to live that no question names: the rows in one
   * statement, then their files. Answers how many went.
   */
  async sweepUnsentUploads(): Promise<number> {
    const ids = await this.store.sweepUnsentUploads(new Date(this.clock.now().getTime() - this.uploadTtlMs));
    for (const id of ids) await this.files.remove(id);
    return ids.length;
  }

  /** UploadBntFile / UploadIgsAndStpFile: name and extension of the slot, size, and the content where the format has a signature. */
  async upload(caller: Caller | null, slot: FileSlot, content: Readable, fileName: string): Promise<Outcome<UploadedFile, UploadRefusal>> {
    const problem = feedbackFileProblem(fileName, slot);
    if (problem) {
      content.resume();
      return refuse(problem === 'badName' ? 'badFileName' : 'unsupported');
    }
    let stored;
    try {
      stored = await this.files.put(content, { filename: fileName, maxBytes: FEEDBACK_FILE_MAX_BYTES });
    } catch (error) {
      if (error instanceof FileRejectedError) return refuse(error.status === 413 ? 'tooLarge' : 'badFileName');
      throw error;
    }
    if (!contentMatches(extensionOf(fileName), await this.head(stored.id), stored.detected)) {
      await this.files.remove(stored.id);
      return refuse('contentMismatch');
    }
    await this.store.addUpload({ fileId: stored.id, ownerId: caller?.userId ?? null, slot, fileName, size: stored.size, createdAt: this.clock.now() });
    return done({ fileId: stored.id, fileName });
  }

  /**
   * ProblemFeedbackSave: a logged-in caller sends the user form (name and phone are theirs), anyone
   * else the CAM form (an e-mail or phone to answer to). The steps are sanitised before they are kept.
   */
  async save(caller: Caller | null, input: FeedbackInput): Promise<Outcome<QuestionRecord, FeedbackProblem | 'unknownFile' | 'unsupported'>> {
    const productNumber = wholeOf(input.product);
    const product = isFeedbackProduct(productNumber) ? productNumber : null;
    const html = sanitiseArticleHtml(input.html ?? '');
    const user = caller ? await this.users.findById(caller.userId) : null;
    const userName = user ? user.realName : (input.userName ?? '').trim();
    // The CAM form's contact is kept in its normal form (an e-mail, or a phone's + and digits).
    const written = (input.phone ?? '').trim();
    const phone = user ? (user.mobile ?? user.email ?? '') : (feedbackContact(written) ?? written);
    const now = this.clock.now();
    const expected = input.expected ? parseExpectedTime(input.expected) : null;
    const problem = feedbackProblem({ product, version: input.version ?? '', title: input.title ?? '', html, userName, phone, expected }, now, user ? 'user' : 'cam');
    if (problem) return refuse(problem);
    const files: Record<FileSlot, { id: string; name: string } | null> = { main: null, other: null };
    for (const [slot, id] of [['main', input.mainFile], ['other', input.otherFile]] as const) {
      if (!id) continue;
      const upload = await this.store.upload(id);
      if (!upload || upload.slot !== slot || upload.ownerId !== (caller?.userId ?? null)) return refuse('unknownFile');
      // Past its time to live the sweep may take it any moment: as good as gone.
      if (upload.createdAt && now.getTime() - upload.createdAt.getTime() >= this.uploadTtlMs) return refuse('unknownFile');
      if (!allowedExtensions(product as FeedbackProduct, slot).includes(extensionOf(upload.fileName))) return refuse('unsupported');
      files[slot] = { id: upload.fileId, name: upload.fileName };
    }
    const question = await this.store.create({
      ownerId: user?.id ?? null,
      product: product!,
      version: input.version.trim(),
      title: input.title.trim(),
      userName,
      phone,
      htmlContent: html,
      mainFileId: files.main?.id ?? null,
      mainFileName: files.main?.name ?? '',
      otherFileId: files.other?.id ?? null,
      otherFileName: files.other?.name ?? '',
      expectedAt: expected!,
      createdAt: now,
    });
    return done(question);
  }

  /** GetProblemFeedbacks: the caller's own questions only, whatever the body names. */
  async mine(caller: Caller, filter: { id?: unknown; title?: string; isComplaint?: unknown; processingStatus?: unknown }): Promise<Outcome<QuestionRecord[]>> {
    const { rows } = await this.store.list({ ownerId: caller.userId, ...filterOf(filter) });
    return done(rows);
  }

  /** UpdateComplaint: only the caller's own question, only while neither urgent nor completed. */
  async urge(caller: Caller, idInput: unknown): Promise<Outcome<null, 'unknownQuestion' | 'alreadyUrgent' | 'completed'>> {
    const id = wholeOf(idInput);
    const question = id === undefined ? null : await this.store.find(id);
    if (!question || question.ownerId !== caller.userId) return refuse('unknownQuestion');
    if (!canUrge(question)) return refuse(isCompleted(question) ? 'completed' : 'alreadyUrgent');
    if (await this.store.urge(question.id, caller.userId)) return done(null);
    // Another request changed it in between: answer as it stands now.
    const now = await this.store.find(question.id);
    return refuse(now && isUrgent(now) ? 'alreadyUrgent' : 'completed');
  }

  /** A file of a question: its customer's, or for staff anyone's. */
  async download(caller: Caller, idInput: unknown, slot: FileSlot): Promise<Outcome<QuestionFile, 'unknownFile'>> {
    const id = wholeOf(idInput);
    const question = id === undefined ? null : await this.store.find(id);
    if (!question || (question.ownerId !== caller.userId && !caller.isStaff)) return refuse('unknownFile');
    const fileId = slot === 'main' ? question.mainFileId : question.otherFileId;
    const opened = fileId ? await this.files.open(fileId) : null;
    if (!opened) return refuse('unknownFile');
    return done({ ...opened, fileName: slot === 'main' ? question.mainFileName : question.otherFileName });
  }

  /** Staff: every question, filtered and paged. */
  async all(filter: { title?: string; isComplaint?: unknown; processingStatus?: unknown }, page: { offset: number; limit: number }): Promise<Outcome<QuestionRecord[]>> {
    const { rows, total } = await this.store.list(filterOf(filter), page);
    return done(rows, total);
  }

  /** Staff: answers a question (and closes it if asked); the customer is mailed. */
  async answer(staff: Caller, idInput: unknown, answerInput: string, close: boolean): Promise<Outcome<QuestionRecord, 'unknownQuestion' | 'answerRequired'>> {
    const id = wholeOf(idInput);
    const text = answerInput.trim();
    if (!text) return refuse('answerRequired');
    const question = id === undefined || id > INT_MAX ? null : await this.store.answer(id, text, staff.userId, this.clock.now(), close);
    if (!question) return refuse('unknownQuestion');
    const owner = question.ownerId ? await this.users.findById(question.ownerId) : null;
    const to = owner?.email ?? (isEmail(question.phone) ? question.phone : null);
    if (to) {
      await this.mailer.send({
        to,
        subject: `${this.brandName}: your question has been answered / 您的问题已答复`,
        text: [`${question.title}`, '', text, '', 'See the user centre for the details. / 详情请见用户中心。'].join('\n'),
      });
    }
    return done(question);
  }

  /** A question's state for the audit log (before and after a staff change), null when there is none. */
  async state(idInput: unknown): Promise<{ ProcessingStatus: number; IsComplaint: number; Answer: string } | null> {
    const id = wholeOf(idInput);
    const q = id === undefined ? null : await this.store.find(id);
    return q ? { ProcessingStatus: q.processingStatus, IsComplaint: q.isComplaint, Answer: q.answer } : null;
  }

  /** Staff: completes a question. */
  async close(idInput: unknown): Promise<Outcome<null, 'unknownQuestion'>> {
    const id = wholeOf(idInput);
    return id !== undefined && id <= INT_MAX && (await this.store.close(id)) ? done(null) : refuse('unknownQuestion');
  }

  /** The first bytes of a stored file, for the signature check. */
  private async head(id: string): Promise<Uint8Array> {
    const opened = await this.files.open(id, { start: 0, end: 63 });
    if (!opened) return new Uint8Array();
    const chunks: Buffer[] = [];
    for await (const chunk of opened.stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }
}

function filterOf(filter: { id?: unknown; title?: string; isComplaint?: unknown; processingStatus?: unknown }): QuestionFilter {
  const out: QuestionFilter = {};
  const id = wholeOf(filter.id);
  if (id !== undefined && id > 0) out.id = id <= INT_MAX ? id : -1;
  const title = stripWhitespace(filter.title ?? '');
  if (title) out.title = title;
  const complaint = wholeOf(filter.isComplaint);
  if (complaint === 0 || complaint === 1) out.isComplaint = complaint;
  const status = wholeOf(filter.processingStatus);
  if (status === 0 || status === 1) out.processingStatus = status;
  return out;
}
