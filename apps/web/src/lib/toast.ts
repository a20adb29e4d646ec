import { type NotificationsProps, notifications } from '@mantine/notifications';
import classes from './toast.module.css';
import { createToastStore } from './toast-store';

export type ToastSeverity = 'info' | 'success' | 'warn' | 'error' | 'secondary' | 'contrast';

/** The spec's toast message. */
export type ToastMessage = {
  severity?: ToastSeverity;
  summary: string;
  detail?: string;
  /** Milliseconds before it closes by itself. */
  life?: number;
  closable?: boolean;
  group?: string;
};

const COLORS: Record<ToastSeverity, string> = {
  info: 'blue',
  success: 'green',
  warn: 'yellow',
  error: 'red',
  secondary: 'gray',
  contrast: 'dark',
};

export const DEFAULT_TOAST_LIFE = 5000;

/** Spec §9: toasts enter in 0.3 s and, once closed, leave after a 200 ms delay. */
export const TOAST_ENTER_MS = 300;
export const TOAST_LEAVE_DELAY_MS = 200;

/** How many toasts show at once (Mantine's default); the others wait their turn. */
const TOAST_LIMIT = 5;

const toastStore = createToastStore(TOAST_LEAVE_DELAY_MS);
// The toasts' view is loaded with the first toast (ToastHost). Until it is mounted, toasts wait
// in the store's queue: a view mounted with a toast already in it shows that toast without its
// enter transition.
toastStore.updateState((state) => ({ ...state, limit: 0 }));

/** Called once the toasts' view is mounted: the toasts waiting for it enter, as any later one. */
export function releaseWaitingToasts(): void {
  toastStore.updateState((state) => ({ ...state, limit: TOAST_LIMIT }));
  notifications.updateState(toastStore, (waiting) => waiting);
}

/** Props of the app's one `<Notifications>` element: top-right, 20 px from the edges (toast.module.css). */
export const TOASTS_PROPS = {
  store: toastStore,
  position: 'top-right',
  limit: TOAST_LIMIT,
  transitionDuration: TOAST_ENTER_MS,
  containerWidth: 380,
  classNames: { root: classes.root },
} satisfies NotificationsProps;

export function showToast(message: ToastMessage): string {
  const severity = message.severity ?? 'info';
  return notifications.show(
    {
      title: message.summary,
      message: message.detail ?? '',
      color: COLORS[severity],
      autoClose: message.life ?? DEFAULT_TOAST_LIFE,
      withCloseButton: message.closable ?? true,
      closeButtonProps: { 'aria-label': 'Close' },
      classNames: { description: classes.description },
      'data-severity': severity,
      'data-group': message.group,
      role: severity === 'error' || severity === 'warn' ? 'alert' : 'status',
    } as Parameters<typeof notifications.show>[0],
    toastStore,
  );
}

/** Said when the server answered a change without content (rate-limited): nothing was done. */
export const showServerBusy = () =>
  showToast({
    severity: 'info',
    summary: 'The server is busy',
    detail: 'Nothing was changed. Please try again in a moment.',
  });
