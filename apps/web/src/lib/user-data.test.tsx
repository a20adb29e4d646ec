import type { UserData } from '@castellan/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, reply } from '../test/fake-api';
import { anAdmin } from '../test/fixtures';
import { createQueryClient } from './query-client';
import { userDataQuery } from './user-data';

afterEach(() => vi.unstubAllGlobals());

describe('the user data', () => {
  const inClient: UserData = {
    ...anAdmin(),
    companyDomain: 'brightwave.example',
    partner: {
      linkId: '22222222-2222-4222-8222-222222222222',
      partnerDomain: 'itcare.example',
      role: 'admin',
    },
  };

  it("forgets every cached answer when the session is in another organisation than they were (a partner's link ended)", async () => {
    const client = createQueryClient();
    client.setQueryData(userDataQuery.queryKey, inClient);
    client.setQueryData(['users'], { members: [{ email: 'ben.carter@brightwave.example' }] });
    const own: UserData = { ...anAdmin(), companyDomain: 'itcare.example' };
    fakeApi({ 'GET /auth/user-data': reply(own) });
    await client.fetchQuery({ ...userDataQuery, staleTime: 0 });
    expect(client.getQueryData(userDataQuery.queryKey)).toEqual(own);
    expect(client.getQueryData(['users'])).toBeUndefined();
  });

  it('keeps them while the organisation is the same', async () => {
    const client = createQueryClient();
    client.setQueryData(userDataQuery.queryKey, inClient);
    client.setQueryData(['users'], { members: [] });
    fakeApi({ 'GET /auth/user-data': reply({ ...inClient, firstName: 'Renamed' }) });
    await client.fetchQuery({ ...userDataQuery, staleTime: 0 });
    expect(client.getQueryData(['users'])).toEqual({ members: [] });
  });
});
