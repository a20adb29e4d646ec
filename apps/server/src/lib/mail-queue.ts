/**
 * Queues the sending of recorded messages (`jobs/mail-sends.ts` implements it; the app passes it
 * to the modules, so that modules never import the jobs).
 */
export interface MailQueue {
  /** Queues the sending of a recorded message; a message is queued at most once. */
  send(messageId: string): Promise<void>;
}

/** What the integrations tell the mail module about (it decides who hears of it). */
export interface IntegrationAlerts {
  /** An integration's grant was revoked: its status just turned `invalid_token`. */
  tokenRevoked(organizationId: string, integrationId: string): Promise<void>;
}

/** What user management needs of the invitation e-mails (the mail module implements it). */
export interface Invitations {
  /** Queues a new member's invitation; when it was recorded, or null when none was. */
  send(
    organizationId: string,
    inviter: { firstName: string; lastName: string; email: string },
    member: { id: string; email: string },
  ): Promise<Date | null>;
  /** When each of these members was last sent an invitation (those never sent one left out). */
  sentAt(organizationId: string, userIds: string[]): Promise<Map<string, Date>>;
}
