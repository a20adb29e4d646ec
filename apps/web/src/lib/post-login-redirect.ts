const KEY = 'castellan.postLoginRedirect';

export const postLoginRedirect = {
  get: (): string | null => sessionStorage.getItem(KEY),
  set: (target: string | null): void => {
    if (target === null) sessionStorage.removeItem(KEY);
    else sessionStorage.setItem(KEY, target);
  },
};
