import { Notifications } from '@mantine/notifications';
import { TOASTS_PROPS } from './toast';

export default function Toasts() {
  return <Notifications {...TOASTS_PROPS} />;
}
