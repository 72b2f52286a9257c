import { CONTACT_ANSWER_ORDER, CONTACT_FORM, type ContactFields } from '../../domain/shared/contact-form';
import { firstLeadProblem, trimmedValues, type LeadRule } from '../../domain/shared/lead-rules';
import type { ContactMessageRecord, ContactMessageStore } from '../../ports/site-content-store.port';
import type { Clock } from '../../ports/clock.port';
import { done, refuse, type Outcome } from '../outcome';

/**
 * The landing page's contact form: the lead rules of CONTACT_FORM (the browser's form checks the
 * same), the first problem refused in the language asked; a valid form is kept for staff.
 */
export class ContactService {
  constructor(
    private readonly store: ContactMessageStore,
    private readonly clock: Clock,
  ) {}

  async save(fields: ContactFields, lang: 'zh' | 'en', ip: string): Promise<Outcome<null, LeadRule>> {
    const problem = firstLeadProblem(CONTACT_FORM, fields, CONTACT_ANSWER_ORDER);
    if (problem) return refuse(problem.rule, { field: problem.field, max: problem.maxLength, lang });
    const v = trimmedValues(CONTACT_FORM, fields);
    await this.store.add({ name: v.name, phone: v.phone, email: v.email, company: v.company, message: v.message, ip, createdAt: this.clock.now() });
    return done(null);
  }

  /** Staff: the messages, newest first; the count is the total. */
  async list(offset: number, limit: number): Promise<Outcome<ContactMessageRecord[]>> {
    const { rows, total } = await this.store.list({ offset, limit });
    return done(rows, total);
  }
}
