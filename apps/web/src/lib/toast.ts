import { notifications } from '@mantine/notifications';

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

export function showToast(message: ToastMessage): string {
  const severity = message.severity ?? 'info';
  return notifications.show({
    title: message.summary,
    message: message.detail ?? '',
    color: COLORS[severity],
    autoClose: message.life ?? DEFAULT_TOAST_LIFE,
    withCloseButton: message.closable ?? true,
    'data-severity': severity,
    'data-group': message.group,
    role: severity === 'error' || severity === 'warn' ? 'alert' : 'status',
  } as Parameters<typeof notifications.show>[0]);
}
