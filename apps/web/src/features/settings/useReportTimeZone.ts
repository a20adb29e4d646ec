import { useEffect } from 'react';
import { api } from '../../lib/api';
import { useUserData } from '../../lib/user-data';
import { browserTimeZone, sentMark, TIME_ZONE_SENT_KEY, timeZoneToSend } from './time-zone-report';

/**
 * Tells the server the signed-in user's time zone once per browser session, so their nudges come
 * in their working hours. Silent: a failure is forgotten (and tried again on the next load).
 */
export function useReportTimeZone(): void {
  const { data: user } = useUserData();
  const email = user?.email;
  const impersonating = Boolean(user?.impersonatedBy);
  useEffect(() => {
    if (email === undefined) return;
    const timeZone = timeZoneToSend({ email, impersonating }, browserTimeZone(), sessionStorage);
    if (!timeZone) return;
    const mark = sentMark(email, timeZone);
    // Marked before the answer, so that a second render does not send it twice.
    sessionStorage.setItem(TIME_ZONE_SENT_KEY, mark);
    api('PUT', '/settings/time-zone', { body: { timeZone } }).then(
      (answer) => {
        if (!answer) sessionStorage.removeItem(TIME_ZONE_SENT_KEY);
      },
      () => sessionStorage.removeItem(TIME_ZONE_SENT_KEY),
    );
  }, [email, impersonating]);
}
