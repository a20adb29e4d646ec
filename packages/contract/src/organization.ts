import { z } from 'zod';
import { isoDateTime } from './common';
import { ORGANIZATION_STATUSES } from './vocabulary';

/** `GET /api/organization` */
export const organization = z.object({
  id: z.uuid(),
  domain: z.string(),
  status: z.enum(ORGANIZATION_STATUSES),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Organization = z.infer<typeof organization>;

/** `DELETE /api/organization` */
export const deleteOrganizationResponse = z.object({ deleted: z.literal(true) });
