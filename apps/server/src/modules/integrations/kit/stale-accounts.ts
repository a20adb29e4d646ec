/** Not signed in for longer than this: a stale account (Google Workspace and Microsoft 365 alike). */
export const STALE_AFTER_DAYS = 90;
/** A new account that never signed in is only stale once this old. */
export const NEVER_SIGNED_IN_GRACE_DAYS = 30;
