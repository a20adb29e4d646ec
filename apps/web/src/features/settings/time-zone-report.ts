/** Whose time zone this browser session has told the server already (e-mail and zone). */
export const TIME_ZONE_SENT_KEY = 'castellan.timeZoneSent';

/** The browser's IANA time zone (Europe/London), or null when it names none. */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/**
 * The time zone to send for the signed-in user, or null: once per browser session and person (a
 * sign-in as someone else sends theirs), again should the zone change. Not while staff act as
 * someone: their browser's clock is not that person's.
 */
export function timeZoneToSend(
  user: { email: string; impersonating: boolean },
  zone: string | null,
  storage: Pick<Storage, 'getItem'>,
): string | null {
  if (user.impersonating || !zone) return null;
  return storage.getItem(TIME_ZONE_SENT_KEY) === sentMark(user.email, zone) ? null : zone;
}

export const sentMark = (email: string, zone: string) => `${email} ${zone}`;
