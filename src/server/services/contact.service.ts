import { isEmail, isPhone } from '../../domain/shared/contact-patterns';
import type { Envelope } from '../../domain/shared/envelope';
import type { ContactMessageStore } from '../../ports/site-content-store.port';
import type { Clock } from './clock';
import { fail, ok } from './service-result';

/** Longest values of the landing contact form (the browser's form checks the same). */
export const CONTACT_LIMITS = { Name: 50, Phone: 30, Email: 100, Company: 100, Message: 1000 } as const;
type Field = keyof typeof CONTACT_LIMITS;
export type ContactBody = Partial<Record<Field, string>> & { lang?: string };

const MESSAGES = {
  en: {
    Name: 'Name cannot be empty',
    Phone: 'Phone cannot be empty',
    Message: 'Message cannot be empty',
    email: 'Please enter the correct email format',
    phone: 'Please enter the correct phone format',
    long: 'is too long (at most {n} characters)',
    done: 'Thank you, we will contact you soon',
  },
  zh: {
    Name: '姓名不能为空',
    Phone: '电话不能为空',
    Message: '留言内容不能为空',
    email: '请输入正确的邮箱格式',
    phone: '请输入正确的电话格式',
    long: '过长（最多 {n} 个字符）',
    done: '提交成功，我们会尽快与您联系',
  },
} as const;

/** The landing page's contact form: Name, Phone and Message required; Email checked when given; Company optional. */
export class ContactService {
  constructor(
    private readonly store: ContactMessageStore,
    private readonly clock: Clock,
  ) {}

  async save(body: ContactBody, ip: string): Promise<Envelope> {
    const m = MESSAGES[body.lang === 'zh' ? 'zh' : 'en'];
    const fields = Object.keys(CONTACT_LIMITS) as Field[];
    const v = Object.fromEntries(fields.map((f) => [f, (body[f] ?? '').trim()])) as Record<Field, string>;
    for (const f of ['Name', 'Phone', 'Message'] as const) if (!v[f]) return fail(400, m[f]);
    for (const f of fields) if (v[f].length > CONTACT_LIMITS[f]) return fail(400, `${f} ${m.long.replace('{n}', String(CONTACT_LIMITS[f]))}`);
    if (!isPhone(v.Phone)) return fail(400, m.phone);
    if (v.Email && !isEmail(v.Email)) return fail(400, m.email);
    await this.store.add({
      name: v.Name,
      phone: v.Phone,
      email: v.Email,
      company: v.Company,
      message: v.Message,
      ip,
      createdAt: this.clock.now(),
    });
    return ok(null, m.done);
  }

  /** Staff: the messages, newest first. */
  async list(offset: number, limit: number): Promise<Envelope> {
    const { rows, total } = await this.store.list({ offset, limit });
    return ok(
      rows.map((r) => ({
        Id: r.id,
        Name: r.name,
        Phone: r.phone,
        Email: r.email,
        Company: r.company,
        Message: r.message,
        CreateTime: r.createdAt.toISOString(),
      })),
      'success',
      { ReturnCount: total },
    );
  }
}
