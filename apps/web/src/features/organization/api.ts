import { http } from '../../lib/http';

export const deleteOrganization = () =>
  http.delete('organization', { retry: 0 }).json<{ deleted: true }>();
