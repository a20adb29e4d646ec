import type { IntegrationAlerts } from '../../lib/mail-queue';
import { INTEGRATIONS } from '../integrations/catalog';
import { findIntegrationRow } from '../integrations/kit/repository';
import { findOrganizationMail } from '../organizations/repository';
import { listRecipients } from '../users/repository';
import type { MailContext } from './context';
import { queueMessage } from './queue-message';
import { integrationAlertMail } from './templates/integration-alert';

/**
 * Tells the administrators, once, that an integration's grant was revoked: once per connection
 * (a reconnection starts a new one), whichever process noticed.
 */
export function integrationAlerts(ctx: MailContext): IntegrationAlerts {
  return {
    tokenRevoked: async (organizationId, integrationId) => {
      const [settings, row] = await Promise.all([
        findOrganizationMail(ctx.db, organizationId),
        findIntegrationRow(ctx.db, organizationId, integrationId),
      ]);
      if (!settings?.integrationAlerts || !row) return;
      const name = INTEGRATIONS.find((i) => i.id === integrationId)?.name ?? integrationId;
      const mail = integrationAlertMail({
        integration: name,
        organization: settings.domain,
        integrationsUrl: `${ctx.config.publicUrl}/integrations`,
      });
      const admins = (await listRecipients(ctx.db, organizationId)).filter(
        (r) => r.role === 'admin',
      );
      for (const admin of admins) {
        await queueMessage(ctx, {
          organizationId,
          userId: admin.id,
          kind: 'integration_alert',
          recipient: admin.email,
          dedupeKey: `integration_alert:${row.id}:${row.connectedSince.toISOString()}:${admin.id}`,
          headers: {},
          mail,
        });
      }
    },
  };
}
