import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { releaseWaitingToasts, TOASTS_PROPS } from './toast';

export default function Toasts() {
  useEffect(releaseWaitingToasts, []);
  return <Notifications {...TOASTS_PROPS} />;
}
