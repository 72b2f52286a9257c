import { defineCall } from './call';

// Company accounts (issue 37, ADR 0030): the companies a person belongs to, switching between
// them, members and their roles, invitations by e-mail. Beside the spec's calls, in their
// envelope and naming style. A member is named by `MemberId` (a body's `UserId` names the caller only).

const role = { type: 'string', enum: ['owner', 'manager', 'engineer', 'viewer'] } as const;
const uuid = { type: 'string', minLength: 36, maxLength: 36, pattern: '^[0-9a-fA-F-]{36}$' } as const;
const noBody = { type: 'object', properties: {} } as const;

export const GetCompanies = defineCall({
  path: 'Company/GetCompanies',
  summary: 'The companies the caller belongs to, with their role in each and which one they work in now',
  body: noBody,
  data: {
    type: 'array',
    items: {
      type: 'object',
      required: ['CompanyId', 'Name', 'OwnerName', 'Role', 'Current'],
      additionalProperties: false,
      properties: { CompanyId: { type: 'string' }, Name: { type: 'string' }, OwnerName: { type: 'string' }, Role: role, Current: { type: 'boolean' } },
    },
  },
  refusals: {},
});

export const SwitchCompany = defineCall({
  path: 'Company/SwitchCompany',
  summary: "Makes the caller's session work in another of their companies: its machines, its data, their role there",
  body: { type: 'object', required: ['CompanyId'], properties: { CompanyId: uuid } },
  data: { type: 'null' },
  refusals: { notMember: { code: 404, info: 'You are not a member of this company' } },
});

export const RenameCompany = defineCall({
  path: 'Company/RenameCompany',
  summary: "Names the caller's company (an owner's call): what its members see in the avatar menu, the company page and invitations; an empty name names it after its founder again",
  body: { type: 'object', required: ['Name'], properties: { Name: { type: 'string', maxLength: 100 } } },
  data: { type: 'null' },
  success: '保存成功',
  refusals: { badName: { code: 400, info: 'A company name may not hold control characters or markup' } },
});

export const GetMembers = defineCall({
  path: 'Company/GetMembers',
  summary: "The members of the caller's company, owners first, with their roles",
  body: noBody,
  data: {
    type: 'array',
    items: {
      type: 'object',
      required: ['MemberId', 'Name', 'Account', 'Role', 'JoinTime', 'IsMe'],
      additionalProperties: false,
      properties: { MemberId: { type: 'string' }, Name: { type: 'string' }, Account: { type: 'string' }, Role: role, JoinTime: { type: 'string' }, IsMe: { type: 'boolean' } },
    },
  },
  refusals: {},
});

const invitationData = {
  type: 'object',
  required: ['Id', 'Email', 'Role', 'CreateTime', 'ExpireTime'],
  additionalProperties: false,
  properties: { Id: { type: 'string' }, Email: { type: 'string' }, Role: role, CreateTime: { type: 'string' }, ExpireTime: { type: 'string' } },
} as const;

export const InviteMember = defineCall({
  path: 'Company/InviteMember',
  summary: 'Invites a person by e-mail to the caller\'s company with a role: a link with a single-use code, valid for 7 days, in their language (a manager invites below owner)',
  body: { type: 'object', required: ['Email', 'Role'], properties: { Email: { type: 'string', minLength: 1, maxLength: 254 }, Role: role, lang: { type: 'string', maxLength: 10 } } },
  data: invitationData,
  success: '邀请已发送',
  refusals: {
    badEmail: { code: 400, info: 'Please enter a valid e-mail address' },
    roleNotAllowed: { code: 403, info: 'You cannot give this role' },
    alreadyMember: { code: 400, info: 'This person is already a member' },
    tooMany: { code: 429, info: 'Too many invitations are open; withdraw some first' },
    mailFailed: { code: 503, info: 'The invitation could not be sent; please try again later' },
  },
});

export const GetInvitations = defineCall({
  path: 'Company/GetInvitations',
  summary: "The caller's company's invitations not yet accepted, withdrawn or expired",
  body: noBody,
  data: { type: 'array', items: invitationData },
  refusals: {},
});

export const RevokeInvitation = defineCall({
  path: 'Company/RevokeInvitation',
  summary: 'Withdraws an open invitation: its link answers as an unknown one from then on',
  body: { type: 'object', required: ['Id'], properties: { Id: uuid } },
  data: { type: 'null' },
  refusals: { notFound: { code: 404, info: 'No such open invitation' } },
});

export const AcceptInvitation = defineCall({
  path: 'Company/AcceptInvitation',
  summary: 'Joins the company of an invitation sent to the caller\'s e-mail address, and works in it from then on',
  body: { type: 'object', required: ['Code'], properties: { Code: { type: 'string', minLength: 1, maxLength: 100 } } },
  data: { type: 'object', required: ['CompanyId', 'Role'], additionalProperties: false, properties: { CompanyId: { type: 'string' }, Role: role } },
  refusals: {
    unknownCode: { code: 404, info: 'This invitation is not valid any more: it was used, withdrawn or has expired' },
    otherAddress: { code: 403, info: 'This invitation was sent to another e-mail address' },
  },
});

const memberRefusals = {
  notMember: { code: 404, info: 'No such member' },
  notAllowed: { code: 403, info: 'You cannot change this member' },
  lastOwner: { code: 400, info: 'A company needs an owner: make another member owner first' },
} as const;

export const SetMemberRole = defineCall({
  path: 'Company/SetMemberRole',
  summary: "Gives a member another role (a manager changes members below owner; the last owner keeps their role)",
  body: { type: 'object', required: ['MemberId', 'Role'], properties: { MemberId: uuid, Role: role } },
  data: { type: 'null' },
  refusals: memberRefusals,
});

export const RemoveMember = defineCall({
  path: 'Company/RemoveMember',
  summary: "Removes a member: their access to the company's machines and data ends at once, and their sessions end, closing their live connections",
  body: { type: 'object', required: ['MemberId'], properties: { MemberId: uuid } },
  data: { type: 'null' },
  refusals: memberRefusals,
});

export const LeaveCompany = defineCall({
  path: 'Company/LeaveCompany',
  summary: "Leaves the company the caller works in (not their own company of one, and not as its last owner); they work in their own from then on",
  body: noBody,
  data: { type: 'null' },
  refusals: { ...memberRefusals, ownCompany: { code: 400, info: 'You cannot leave your own company' } },
});
