import type { SignInError } from '@castellan/contract';

/** What the landing page says when the sign-in callback sends the browser back with an error. */
export const SIGN_IN_ERROR_MESSAGES: Record<SignInError, string> = {
  'consumer-domain':
    'Castellan is for organisations: please sign in with your work account. Personal addresses such as Gmail or Outlook.com cannot create or join an organisation.',
  'unverified-domain':
    "Your sign-in provider did not confirm that your e-mail address belongs to your company's domain. Please sign in with your company's Google Workspace or Microsoft 365 account.",
  'tenant-mismatch':
    'Your organisation is already connected to a different Microsoft 365 tenant. Please sign in with your company account, or ask your administrator.',
  removed:
    'An administrator of your organisation removed you from Castellan. To come back, ask an administrator to invite you again.',
  'no-email': 'Your account did not share an e-mail address with us, so we could not sign you in.',
  cancelled: 'Sign-in was cancelled.',
  expired: 'The sign-in took too long or was started in another window. Please try again.',
  failed: 'Sign-in did not work this time. Please try again in a moment.',
};

export const signInErrorMessage = (code: string | null): string | null =>
  code && code in SIGN_IN_ERROR_MESSAGES ? SIGN_IN_ERROR_MESSAGES[code as SignInError] : null;
