import type { modals } from '@mantine/modals';

/** What a confirmation shows and does: Mantine's confirm modal options. */
export type ConfirmOptions = Parameters<typeof modals.openConfirmModal>[0];

// Confirmations wait here for the modal code (`ConfirmModals`, loaded with the first one by
// `ConfirmHost`): Mantine's Modal and its scroll lock are about 11 kB gzipped that no page needs
// until somebody asks to delete or sign out something.
let waiting: ConfirmOptions[] = [];
const listeners = new Set<() => void>();

/** Asks for a confirmation in a modal dialog (the signed-in layout shows it). */
export function openConfirmModal(options: ConfirmOptions): void {
  // The close button is an icon: it needs a name for screen readers.
  waiting.push({
    ...options,
    closeButtonProps: { 'aria-label': 'Close', ...options.closeButtonProps },
  });
  for (const listener of listeners) listener();
}

/** The confirmations asked for and not yet shown; they are shown by whoever takes them. */
export function takeWaitingConfirmations(): ConfirmOptions[] {
  const taken = waiting;
  waiting = [];
  return taken;
}

export const hasWaitingConfirmations = () => waiting.length > 0;

/** Calls `listener` at every confirmation asked for; returns the unsubscribe. */
export function onConfirmationAsked(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
