export type Person = { id: string; email: string };

/**
 * Whom an event is attributed to: the person who really acted. Built by `auditActor` only, so
 * that an action taken while impersonating can never be recorded as the impersonated user's.
 */
export type AuditActor = Person & {
  /** The user a staff member was acting as; kept in the event's details. */
  actingAs: Person | null;
  /** The partner organisation whose administrator acted in a client; kept in the details. */
  partner?: string | null;
};

/**
 * The actor of an action taken in a session: the staff member while they impersonate someone,
 * else the signed-in user. Pass `{ user }` for an action without a session yet (a sign-in).
 */
export function auditActor(session: {
  user: Person;
  impersonator?: Person | null;
  partner?: { organization: { domain: string } } | null;
}): AuditActor {
  const { user, impersonator } = session;
  const person = (p: Person): Person => ({ id: p.id, email: p.email });
  const partner = session.partner?.organization.domain ?? null;
  return impersonator
    ? { ...person(impersonator), actingAs: person(user), partner }
    : { ...person(user), actingAs: null, partner };
}
