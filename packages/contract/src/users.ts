import { z } from 'zod';
import { emailAddress, isoDateTime } from './common';
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
