/** Where the guard sends a visitor who must sign in first, and what the start page then says. */
export const LOGIN_PROMPT_PATH = '/?login=true';
export const LOGIN_MESSAGE = 'Please login to continue.';
