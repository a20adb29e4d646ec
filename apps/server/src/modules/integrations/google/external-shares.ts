// Files shared outside the organisation, from the Drive audit log. Events may arrive in any
// order (three lists are read at once), so each file + audience keeps its latest event, and each
// file the latest time it became private. Event names and parameters other than
// change_document_visibility's are unconfirmed (see the fake's drive-audit.ts).

import { textOf } from '../kit/parse-answer';
import type { AuditEvent } from './reports';

export type ShareAudience =
  | { type: 'anyone' }
  | { type: 'user'; email: string }
  | { type: 'domain'; domain: string };

export type ExternalShare = {
  fileId: string;
  title: string;
  owner: string;
  sharedWith: ShareAudience;
  sharedAt: string;
};

export const DRIVE_SHARING_EVENTS = [
  'change_document_visibility',
  'change_user_access',
  'change_document_access_scope',
] as const;

/** Link settings that let anyone, inside the organisation or not, open the file. */
const PUBLIC = new Set(['people_with_link', 'public_on_the_web']);

type Latest = { at: number; shared: boolean; share: ExternalShare };

const firstOf = (v: unknown) => (Array.isArray(v) ? textOf(v[0]) : textOf(v));

export function createShareLedger(domain: string) {
  const home = domain.toLowerCase();
  const outside = (host: string) => host !== home && !host.endsWith(`.${home}`);
  const latest = new Map<string, Latest>();
  const privateAt = new Map<string, number>();

  /** Who the event is about and whether it gives them access; null when not outside or unreadable. */
  const audienceOf = (event: AuditEvent): { audience: ShareAudience; shared: boolean } | null => {
    const p = event.parameters;
    switch (event.name) {
      case 'change_document_visibility':
        return {
          audience: { type: 'anyone' },
          shared: PUBLIC.has(textOf(p.get('visibility')) ?? ''),
        };
      case 'change_user_access': {
        const email = textOf(p.get('target_user'))?.toLowerCase();
        if (!email || !outside(email.slice(email.lastIndexOf('@') + 1))) return null;
        const access = firstOf(p.get('new_value'));
        return { audience: { type: 'user', email }, shared: access !== null && access !== 'none' };
      }
      case 'change_document_access_scope': {
        const target = textOf(p.get('target_domain'))?.toLowerCase();
        if (!target || !outside(target)) return null;
        const access = firstOf(p.get('new_value'));
        return {
          audience: { type: 'domain', domain: target },
          shared: access !== null && access !== 'none',
        };
      }
      default:
        return null;
    }
  };

  return {
    add(event: AuditEvent) {
      const fileId = textOf(event.parameters.get('doc_id'));
      const at = Date.parse(event.time);
      if (!fileId || Number.isNaN(at)) return;
      if (event.parameters.get('visibility') === 'private') {
        privateAt.set(fileId, Math.max(privateAt.get(fileId) ?? at, at));
      }
      const found = audienceOf(event);
      if (!found) return;
      const { audience } = found;
      const key = `${fileId}\n${audience.type}\n${'email' in audience ? audience.email : 'domain' in audience ? audience.domain : ''}`;
      const current = latest.get(key);
      if (current && current.at > at) return;
      latest.set(key, {
        at,
        shared: found.shared,
        share: {
          fileId,
          title: textOf(event.parameters.get('doc_title')) ?? '',
          owner: (textOf(event.parameters.get('owner')) ?? '').toLowerCase(),
          sharedWith: audience,
          sharedAt: new Date(at).toISOString(),
        },
      });
    },
    /** The shares still in place, newest first. */
    result(): ExternalShare[] {
      return [...latest.values()]
        .filter(
          (l) => l.shared && l.at > (privateAt.get(l.share.fileId) ?? Number.NEGATIVE_INFINITY),
        )
        .sort((a, b) => b.at - a.at || a.share.fileId.localeCompare(b.share.fileId))
        .map((l) => l.share);
    },
  };
}
