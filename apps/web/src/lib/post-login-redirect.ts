import { safeReturnPath } from '@castellan/contract/return-path';

const KEY = 'castellan.postLoginRedirect';

/** Only a path of this app is stored or followed, by the rule the server applies to `returnTo`. */
const onThisApp = (target: string) => safeReturnPath(target, window.location.origin);

export const postLoginRedirect = {
  get: (): string | null => {
    const stored = sessionStorage.getItem(KEY);
    return stored === null ? null : onThisApp(stored);
  },
  set: (target: string | null): void => {
    const path = target === null ? null : onThisApp(target);
    if (path === null) sessionStorage.removeItem(KEY);
    else sessionStorage.setItem(KEY, path);
  },
};
