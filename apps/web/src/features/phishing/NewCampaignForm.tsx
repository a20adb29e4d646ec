import type {
  NewPhishingCampaignRequest,
  PhishingTemplate,
  PhishingTemplateId,
} from '@castellan/contract';
import type { PhishingWindowHours } from '@castellan/contract/phishing-rules';
import { Alert, Box, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { openConfirmModal } from '../../lib/confirm';
import { showServerBusy, showToast } from '../../lib/toast';
import { useMembers, useStartCampaign } from './api';
import { ChoiceGroup } from './ChoiceGroup';
import { NativeChoice } from './NativeChoice';
import {
  campaignSummary,
  DEFAULT_WINDOW_HOURS,
  memberName,
  WINDOW_OPTIONS,
} from './phishing-words';

type Recipients = 'everyone' | 'chosen';

type Props = {
  templates: PhishingTemplate[];
  /** False while the server sends no e-mail: nothing can be started. */
  enabled: boolean;
};

type Errors = { template?: string; people?: string; server?: string };

/** Starts a campaign: which message, to whom, over how long; asked once more before it starts. */
export function NewCampaignForm({ templates, enabled }: Props) {
  const start = useStartCampaign();
  const members = useMembers();
  const [templateId, setTemplateId] = useState<PhishingTemplateId | null>(null);
  const [recipients, setRecipients] = useState<Recipients>('everyone');
  const [userIds, setUserIds] = useState<string[]>([]);
  const [windowHours, setWindowHours] = useState<PhishingWindowHours>(DEFAULT_WINDOW_HOURS);
  const [errors, setErrors] = useState<Errors>({});

  const everyoneCount = members.data?.members.length ?? null;
  const template = templates.find((t) => t.id === templateId);

  const send = (body: NewPhishingCampaignRequest, title: string) =>
    start.mutate(body, {
      onSuccess: (campaign) => {
        if (!campaign) return showServerBusy();
        setTemplateId(null);
        setRecipients('everyone');
        setUserIds([]);
        showToast({
          severity: 'success',
          summary: 'The campaign has started',
          detail: `“${title}” goes out at random times over the window you chose.`,
        });
      },
      onError: (failure) => setErrors({ server: failure.message }),
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (!template) found.template = 'Choose the message to send.';
    if (recipients === 'chosen' && userIds.length === 0) {
      found.people = 'Choose at least one person, or send to everyone.';
    }
    setErrors(found);
    if (!template || found.people) return;
    const everyone = recipients === 'everyone';
    const body: NewPhishingCampaignRequest = {
      templateId: template.id,
      everyone,
      userIds: everyone ? [] : userIds,
      windowHours,
    };
    openConfirmModal({
      title: 'Start this campaign?',
      children: (
        <Text size="sm">
          {campaignSummary(template.title, everyone ? everyoneCount : userIds.length, windowHours)}
        </Text>
      ),
      labels: { confirm: 'Start campaign', cancel: 'Go back' },
      onConfirm: () => send(body, template.title),
    });
  };

  return (
    <Card withBorder component="section" aria-labelledby="newCampaignTitle">
      <Title order={2} size="h4" id="newCampaignTitle" mb="xs">
        New campaign
      </Title>
      <form onSubmit={submit} noValidate aria-labelledby="newCampaignTitle">
        <Box component="fieldset" disabled={!enabled} p={0} m={0} style={{ border: 0 }}>
          <Stack gap="lg">
            <ChoiceGroup label="Message" error={errors.template}>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                {templates.map((t) => (
                  <NativeChoice
                    key={t.id}
                    card
                    type="radio"
                    name="template"
                    value={t.id}
                    checked={templateId === t.id}
                    onChange={() => {
                      setTemplateId(t.id);
                      setErrors((e) => ({ ...e, template: undefined }));
                    }}
                    label={t.title}
                    description={
                      <>
                        From: {t.fromName}
                        <br />
                        Subject: {t.subject}
                        <br />
                        {t.summary}
                      </>
                    }
                  />
                ))}
              </SimpleGrid>
            </ChoiceGroup>

            <ChoiceGroup label="Send to">
              <NativeChoice
                type="radio"
                name="recipients"
                checked={recipients === 'everyone'}
                onChange={() => setRecipients('everyone')}
                label="Everyone"
                description={
                  everyoneCount === null
                    ? 'Everyone who is a member when the campaign starts'
                    : `Everyone who is a member now (${everyoneCount})`
                }
              />
              <NativeChoice
                type="radio"
                name="recipients"
                checked={recipients === 'chosen'}
                onChange={() => {
                  setRecipients('chosen');
                  setErrors((e) => ({ ...e, people: undefined }));
                }}
                label="Chosen people"
              />
            </ChoiceGroup>

            {recipients === 'chosen' && (
              <ChoiceGroup label="People" error={errors.people}>
                {members.isError && (
                  <Text size="sm" c="red">
                    Could not load the members: {members.error.message}
                  </Text>
                )}
                {members.isPending && <Text size="sm">Loading the members...</Text>}
                <Stack gap="xs" mah="18rem" style={{ overflowY: 'auto' }}>
                  {members.data?.members.map((member) => (
                    <NativeChoice
                      key={member.id}
                      type="checkbox"
                      checked={userIds.includes(member.id)}
                      onChange={(event) => {
                        const on = event.currentTarget.checked;
                        setUserIds((ids) =>
                          on ? [...ids, member.id] : ids.filter((id) => id !== member.id),
                        );
                        setErrors((e) => ({ ...e, people: undefined }));
                      }}
                      label={memberName(member)}
                      description={member.email}
                    />
                  ))}
                </Stack>
              </ChoiceGroup>
            )}

            <ChoiceGroup
              label="Spread the messages"
              description="Each person's message arrives at a random time in this window, so that colleagues do not warn each other."
            >
              {WINDOW_OPTIONS.map((option) => (
                <NativeChoice
                  key={option.value}
                  type="radio"
                  name="window"
                  value={option.value}
                  checked={String(windowHours) === option.value}
                  onChange={() => setWindowHours(Number(option.value) as PhishingWindowHours)}
                  label={option.label}
                />
              ))}
            </ChoiceGroup>

            {errors.server && (
              <Alert color="red" variant="light" title="The campaign did not start" role="alert">
                {errors.server}
              </Alert>
            )}
            <Group>
              <Button type="submit" loading={start.isPending}>
                Start campaign
              </Button>
            </Group>
          </Stack>
        </Box>
      </form>
    </Card>
  );
}
