import { defineCall, nullData, PAGING_PROPERTIES } from './call';
import { leadRefusals, type Lang } from './lead-form';

/** api/Home/*: the landing page's contact form (a lead) and its staff list. */

/** The contact form's refusals; the service names the field by the domain's name. */
const contactRefusals = leadRefusals(
  {
    en: { name: 'Name cannot be empty', phone: 'Phone cannot be empty', message: 'Message cannot be empty' },
    zh: { name: '姓名不能为空', phone: '电话不能为空', message: '留言内容不能为空' },
  },
  { name: 'Name', phone: 'Phone', email: 'Email', company: 'Company', message: 'Message' },
);

/** The info of a sent contact form, in the language asked (`SaveContact.success` is the English one). */
export const CONTACT_SAVED: Readonly<Record<Lang, string>> = {
  en: 'Thank you, we will contact you soon',
  zh: '提交成功，我们会尽快与您联系',
};

const text = { type: 'string', maxLength: 4000 } as const;

export const SaveContact = defineCall({
  path: 'Home/SaveContact',
  summary: 'The landing contact form: Name, Phone and Message required, Email checked when given, Company optional',
  body: {
    type: 'object',
    properties: {
      Name: text,
      Phone: text,
      Email: text,
      Company: text,
      Message: text,
      lang: { type: 'string', maxLength: 10, description: 'en (default) or zh: the language of the messages' },
    },
  },
  data: nullData,
  success: ({ lang }) => CONTACT_SAVED[lang === 'zh' ? 'zh' : 'en'],
  // The first rule broken, in this order: a required field left empty, a field too long, the phone, the e-mail.
  refusals: contactRefusals,
});

export const GetContactMessages = defineCall({
  path: 'Home/GetContactMessages',
  summary: 'Staff: the contact-form messages, newest first, paged; ReturnCount is the total',
  body: { type: 'object', properties: PAGING_PROPERTIES },
  data: {
    type: 'array',
    items: {
      type: 'object',
      required: ['Id', 'Name', 'Phone', 'Email', 'Company', 'Message', 'CreateTime'],
      additionalProperties: false,
      properties: {
        Id: { type: 'string' },
        Name: { type: 'string' },
        Phone: { type: 'string' },
        Email: { type: 'string' },
        Company: { type: 'string' },
        Message: { type: 'string' },
        CreateTime: { type: 'string' },
      },
    },
  },
  success: 'success',
  refusals: {},
});
