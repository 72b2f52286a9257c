import type { DataOf } from '../../contract/call';
import * as Home from '../../contract/home';
import type { ContactMessageRecord } from '../../ports/site-content-store.port';
import { defineRoute, pageOf, type ApiRoute } from '../route-kit';
import type { ContactService } from '../services/contact.service';
import { mapData, withValues } from '../outcome';

const messageView = (r: ContactMessageRecord): DataOf<typeof Home.GetContactMessages>[number] => ({
  Id: r.id,
  Name: r.name,
  Phone: r.phone,
  Email: r.email,
  Company: r.company,
  Message: r.message,
  CreateTime: r.createdAt.toISOString(),
});

/** api/Home/*: the landing page's contact form and its staff list. */
export function homeRoutes(deps: { contacts: ContactService }): ApiRoute[] {
  const { contacts } = deps;
  return [
    defineRoute({
      call: Home.SaveContact,
      access: 'public',
      rateLimit: { max: 10, timeWindow: 10 * 60_000 },
      handle: async ({ body, request }) => {
        const lang = /^zh/i.test(body.lang ?? '') ? 'zh' : 'en';
        const fields = { name: body.Name ?? '', phone: body.Phone ?? '', email: body.Email ?? '', company: body.Company ?? '', message: body.Message ?? '' };
        // The success text is in the caller's language.
        return withValues(await contacts.save(fields, lang, request.ip), { lang });
      },
    }),
    defineRoute({
      call: Home.GetContactMessages,
      access: 'staff',
      audit: 'read',
      handle: async ({ body }) => {
        const page = pageOf(body);
        return mapData(await contacts.list(page.offset, page.limit), (rows) => rows.map(messageView));
      },
    }),
  ];
}
