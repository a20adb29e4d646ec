import { api } from '../../lib/api';
import { httpStatus } from '../../lib/http';

/**
 * Deletes the organisation; undefined when the server was too busy to (429). Deleting it ends
 * every session, so a retried DELETE whose first answer was lost gets a 401: deleted all the same.
 */
export async function deleteOrganization() {
  try {
    return await api('DELETE', '/organization', { context: { expectUnauthorized: true } });
  } catch (error) {
    if (httpStatus(error) === 401) return { deleted: true as const };
    throw error;
  }
}
