import { type LoaderFunctionArgs, redirect } from 'react-router';
import { oauthFlow } from '../lib/oauth-flow';
import { postLoginRedirect } from '../lib/post-login-redirect';
import { queryClient } from '../lib/query-client';
import { userDataQuery } from '../lib/user-data';
import { decide } from './guard';

/** Runs before every navigation: re-checks the session (unless logging out) and applies the guard. */
export async function guardLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  oauthFlow.finishOnReturn(url.pathname);
  const loggingOut = url.searchParams.get('logout') === 'true';
  const user = loggingOut ? null : await queryClient.fetchQuery({ ...userDataQuery, staleTime: 0 });
  const decision = decide({
    path: url.pathname,
    query: url.searchParams,
    user,
    storedRedirect: postLoginRedirect.get(),
  });
  if (decision.storeRedirect !== undefined) postLoginRedirect.set(decision.storeRedirect);
  if (decision.redirectTo) throw redirect(decision.redirectTo);
  return null;
}
