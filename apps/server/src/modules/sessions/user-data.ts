import type { UserData } from '@castellan/contract';
import type { ActiveSession, SessionOrganization, SessionUser } from './repository';

export function toUserData(
  user: SessionUser,
  organization: Omit<SessionOrganization, 'id'>,
  impersonator: { email: string; firstName: string; lastName: string } | null = null,
  partner: ActiveSession['partner'] = null,
): UserData {
  return {
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    organizationStatus: organization.status,
    companyDomain: organization.domain,
    profileImageUrl: user.profileImageUrl,
    staff: user.isStaff,
    impersonatedBy: impersonator
      ? {
          email: impersonator.email,
          firstName: impersonator.firstName,
          lastName: impersonator.lastName,
        }
      : null,
    // Only while in a client: an ordinary session's answer keeps the spec's fields alone.
    ...(partner
      ? {
          partner: {
            linkId: partner.linkId,
            partnerDomain: partner.organization.domain,
            role: partner.role,
          },
        }
      : {}),
  };
}
