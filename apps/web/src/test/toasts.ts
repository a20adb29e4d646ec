import { screen, waitFor, within } from '@testing-library/react';

/**
 * The toast whose summary reads `summary`. Toasts have no accessible name: they are found by
 * their role (errors and warnings are alerts, the rest statuses) and their text.
 */
export const findToast = (role: 'alert' | 'status', summary: string) =>
  waitFor(() => {
    const toast = screen.queryAllByRole(role).find((el) => within(el).queryByText(summary));
    if (!toast) throw new Error(`No ${role} toast says "${summary}".`);
    return toast;
  });
