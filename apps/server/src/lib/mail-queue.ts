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
