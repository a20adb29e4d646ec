import type { UserData } from '@castellan/contract';
import type { SessionOrganization, SessionUser } from './repository';

export function toUserData(
  user: SessionUser,
  organization: Omit<SessionOrganization, 'id'>,
  impersonator: { email: string; firstName: string; lastName: string } | null = null,
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
  };
}
