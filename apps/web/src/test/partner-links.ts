import type { PartnerLink } from '@castellan/contract';
import { anAdmin } from './fixtures';

/** The partner console tests' IT provider administrator and three linked clients. */
export const partnerAdmin = anAdmin({
  email: 'pat.lee@itcare.example',
  firstName: 'Pat',
  lastName: 'Lee',
  companyDomain: 'itcare.example',
});

export const BRIGHTWAVE = '22222222-2222-4222-8222-222222222222';
export const NORTHWIND = '44444444-4444-4444-8444-444444444444';
export const ACME = '55555555-5555-4555-8555-555555555555';

const aLink = (id: string, clientDomain: string, role: PartnerLink['role']): PartnerLink => ({
  id,
  clientDomain,
  partnerDomain: 'itcare.example',
  role,
  state: 'active',
  invitedAt: '2026-03-01T10:00:00.000Z',
  invitedBy: 'alice.morgan@brightwave.example',
  acceptedAt: '2026-03-03T09:00:00.000Z',
  endedAt: null,
});

export const links = [
  aLink(BRIGHTWAVE, 'brightwave.example', 'admin'),
  aLink(NORTHWIND, 'northwind.example', 'viewer'),
  aLink(ACME, 'acme.example', 'admin'),
];
