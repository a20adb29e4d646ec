import { z } from 'zod';
import { userData } from './auth';
import { emailAddress, isoDateTime } from './common';
import { endpoint } from './endpoint';
import { ROLES } from './vocabulary';

/** Someone of the organisation: `invited` until their first sign-in. */
export const member = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(ROLES),
  status: z.enum(['active', 'invited']),
  lastSignInAt: isoDateTime.nullable(),
  /** When the latest invitation e-mail was recorded; null when none was sent. */
  invitedAt: isoDateTime.nullable(),
});
export type Member = z.infer<typeof member>;

/** `GET /api/users` (admins) */
export const membersResponse = z.object({ members: z.array(member) });
export type MembersResponse = z.infer<typeof membersResponse>;

/** `POST /api/users` (admins): invite someone of the organisation's own domain. */
export const inviteMemberRequest = z.strictObject({
  email: emailAddress,
  role: z.enum(ROLES).default('user'),
});
export type InviteMemberRequest = z.input<typeof inviteMemberRequest>;

export const memberParams = z.strictObject({ id: z.uuid({ message: 'must be a user id' }) });
export type MemberParams = z.input<typeof memberParams>;

/** `PATCH /api/users/:id` (admins) */
export const updateMemberRequest = z.strictObject({ role: z.enum(ROLES) });
export type UpdateMemberRequest = z.infer<typeof updateMemberRequest>;

/** `DELETE /api/users/:id` (admins) */
export const removeMemberResponse = z.object({ removed: z.literal(true) });
export type RemoveMemberResponse = z.infer<typeof removeMemberResponse>;

/** A name goes into mail headers: no line breaks or other control characters. */
const personName = z
  .string()
  .trim()
  .min(1, { message: 'must not be empty' })
  .max(100)
  .refine((value) => !/\p{Cc}/u.test(value), {
    message: 'A name cannot contain line breaks or other control characters.',
  });

/** `PATCH /api/auth/profile`: the signed-in user's own name. */
export const updateProfileRequest = z.strictObject({ firstName: personName, lastName: personName });
export type UpdateProfileRequest = z.input<typeof updateProfileRequest>;

/** `POST /api/auth/delete-account` */
export const deleteAccountResponse = z.object({ deleted: z.literal(true) });
export type DeleteAccountResponse = z.infer<typeof deleteAccountResponse>;

export const ownAccountEndpoints = {
  updateProfile: endpoint({
    method: 'PATCH',
    path: '/auth/profile',
    access: 'user',
    body: updateProfileRequest,
    response: { 200: userData },
    summary: 'Change the signed-in user’s name',
  }),
  deleteAccount: endpoint({
    method: 'POST',
    path: '/auth/delete-account',
    access: 'user',
    response: { 200: deleteAccountResponse },
    summary: 'Delete the signed-in user’s account (and the organisation with its last member)',
  }),
};

export const userManagementEndpoints = {
  listMembers: endpoint({
    method: 'GET',
    path: '/users',
    access: 'admin',
    response: { 200: membersResponse },
    summary: 'The organisation’s members',
  }),
  inviteMember: endpoint({
    method: 'POST',
    path: '/users',
    access: 'admin',
    body: inviteMemberRequest,
    response: { 201: member },
    summary: 'Invite a member',
  }),
  changeMemberRole: endpoint({
    method: 'PATCH',
    path: '/users/:id',
    access: 'admin',
    params: memberParams,
    body: updateMemberRequest,
    response: { 200: member },
    summary: 'Change a member’s role',
  }),
  removeMember: endpoint({
    method: 'DELETE',
    path: '/users/:id',
    access: 'admin',
    params: memberParams,
    response: { 200: removeMemberResponse },
    summary: 'Remove a member from the organisation',
  }),
};
