import type { PhishingOverview } from '@castellan/contract';
import { PHISHING_CONSENT_TEXT } from '@castellan/contract/phishing-rules';
import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formatDateTime } from '../../lib/format-relative-time';
import { showServerBusy } from '../../lib/toast';
import { useConsentToPhishing } from './api';
import { NativeChoice } from './NativeChoice';

/**
 * The administrator's confirmation that they may run practice, asked once before the first
 * campaign; afterwards who confirmed it and when.
 */
export function ConsentCard({ consent }: { consent: PhishingOverview['consent'] }) {
  if (consent) {
    return (
      <Card withBorder component="section" aria-labelledby="consentTitle">
        <Title order={2} size="h4" id="consentTitle" mb={4}>
          Permission to run practice
        </Title>
        <Text size="sm">
          Confirmed by {consent.by ?? 'a former administrator'} on {formatDateTime(consent.at)}.
        </Text>
        <Text size="xs" c="dimmed" mt={4}>
          {consent.text}
        </Text>
      </Card>
    );
  }
  return <AskConsent />;
}

function AskConsent() {
  const consent = useConsentToPhishing();
  const [checked, setChecked] = useState(false);
  const [unchecked, setUnchecked] = useState(false);

  const confirm = () => {
    if (!checked) return setUnchecked(true);
    consent.mutate(undefined, {
      onSuccess: (answer) => {
        if (!answer) showServerBusy();
      },
    });
  };

  return (
    <Card withBorder component="section" aria-labelledby="consentTitle">
      <Title order={2} size="h4" id="consentTitle" mb="xs">
        Before the first campaign
      </Title>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{PHISHING_CONSENT_TEXT}</Text>
        <NativeChoice
          type="checkbox"
          label="I confirm that this is true for my organisation"
          checked={checked}
          onChange={(event) => {
            setChecked(event.currentTarget.checked);
            setUnchecked(false);
          }}
        />
        {unchecked && (
          <Text size="xs" c="red" role="alert">
            Tick the box to confirm first.
          </Text>
        )}
        {consent.isError && (
          <Alert
            color="red"
            variant="light"
            title="Your confirmation was not recorded"
            role="alert"
          >
            {consent.error.message}
          </Alert>
        )}
        <Button onClick={confirm} loading={consent.isPending}>
          Confirm and continue
        </Button>
        <Text size="xs" c="dimmed">
          Your name and the time are recorded with it.
        </Text>
      </Stack>
    </Card>
  );
}
