import { QueryStatus } from '../../../../components/QueryStatus';
import { StaleAccounts } from '../../StaleAccounts';
import { useStaleUsers } from './google-api';

/** Google Workspace accounts nobody signs in to any more: each one is a door left open. */
export function StaleUsersTable() {
  const query = useStaleUsers();
  return (
    <StaleAccounts users={query.data?.staleUsers}>
      <QueryStatus query={query} what="the stale accounts" />
    </StaleAccounts>
  );
}
