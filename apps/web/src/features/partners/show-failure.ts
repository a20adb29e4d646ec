import { showToast } from '../../lib/toast';

/** A mutation's onError: says what was not done, and the server's reason. */
export const showFailure = (summary: string) => (error: Error) =>
  showToast({ severity: 'error', summary, detail: error.message, life: 8000 });
