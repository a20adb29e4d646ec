import type { UserData } from '@castellan/contract';
import { Alert, Button, Group, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { showServerBusy, showToast } from '../../lib/toast';
import { closeClient } from './api';
import { forgetOtherOrganisation } from './switch-organisation';

/**
 * Shown on every app page while a partner's administrator works in a client: whose data this is,
 * for whom, and the way back to the partner's own organisation and its console.
 */
export function PartnerBanner({ user }: { user: UserData }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const back = useMutation({
    mutationFn: closeClient,
    onSuccess: (outcome) => {
      if (outcome === 'busy') return showServerBusy();
      forgetOtherOrganisation(queryClient);
      void navigate('/partner');
    },
    onError: (error) =>
      showToast({ severity: 'error', summary: 'Could not go back', detail: error.message }),
  });
  const partner = user.partner;
  if (!partner) return null;

  return (
    <Alert role="region" aria-label="Partner access" color="blue" variant="light" mb="md">
      <Group justify="space-between" gap="sm">
        <Text size="sm" fw={500}>
          You are working in {user.companyDomain} for {partner.partnerDomain}
          {partner.role === 'viewer' && ' (read-only)'}
        </Text>
        <Button size="xs" loading={back.isPending} onClick={() => back.mutate()}>
          Back to {partner.partnerDomain}
        </Button>
      </Group>
    </Alert>
  );
}
