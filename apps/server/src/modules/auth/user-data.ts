import type { UserData } from '@castellan/contract';
import type { ActiveSession, SessionOrganization, SessionUser } from './session-store';

export function toUserData(
  user: SessionUser,
  organization: Omit<SessionOrganization, 'id'>,
  impersonator: ActiveSession['impersonator'] = null,
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
