import { PAGING, defineRoute, pageOf, type ApiRoute } from '../route-kit';
import { CONTACT_LIMITS, type ContactBody, type ContactService } from '../services/contact.service';


/** api/Home/*: the landing page's contact form and its staff list. */
export function homeRoutes(deps: { contacts: ContactService }): ApiRoute[] {
  const { contacts } = deps;
  return [
    defineRoute<ContactBody>({
      controller: 'Home',
      action: 'SaveContact',
      access: 'public',
      summary: 'The landing contact form: Name, Phone and Message required, Email checked when given, Company optional',
      body: {
        type: 'object',
        properties: {
          ...Object.fromEntries(Object.keys(CONTACT_LIMITS).map((k) => [k, { type: 'string', maxLength: 4000 }])),
          lang: { type: 'string', maxLength: 10, description: 'en (default) or zh: the language of the messages' },
        },
      },
      rateLimit: { max: 10, timeWindow: 10 * 60_000 },
      handle: ({ body, request }) => contacts.save({ ...body, lang: /^zh/i.test(body.lang ?? '') ? 'zh' : 'en' }, request.ip),
    }),
    defineRoute<{ PrevPageNums?: number; TopNums?: number }>({
      controller: 'Home',
      action: 'GetContactMessages',
      access: 'staff',
      summary: 'Staff: the contact-form messages, newest first, paged; ReturnCount is the total',
      body: PAGING,
      handle: ({ body }) => {
        const page = pageOf(body);
        return contacts.list(page.offset, page.limit);
      },
    }),
  ];
}
