import type { BaselineApplication } from '@castellan/contract';
import { Anchor, Card, List, Stack, Text, Title } from '@mantine/core';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../lib/format-date';
import { baselineEffects, SETTING_PLACES, type SettingPlace } from './baseline-words';

function Application({ application }: { application: BaselineApplication }) {
  const { baselineName, partnerDomain, appliedBy, appliedAt, settings, taskTitles } = application;
  const effects = baselineEffects(settings, (id) => taskTitles[id] ?? id);
  return (
    <Card component="li" withBorder padding="sm">
      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {baselineName}, from {partnerDomain}
      </Text>
      <Text size="sm" c="dimmed" mb={4}>
        Applied {appliedBy ? `by ${appliedBy} ` : ''}on {formatDate(appliedAt)}
      </Text>
      {effects.length === 0 ? (
        <Text size="sm">It changed nothing.</Text>
      ) : (
        <List size="sm" spacing={2}>
          {effects.map((effect) => (
            <List.Item key={effect.text} style={{ overflowWrap: 'anywhere' }}>
              {effect.text}
            </List.Item>
          ))}
        </List>
      )}
    </Card>
  );
}

/** "in Your tasks, Settings → Notifications and Integrations", each a link. */
function PlaceLinks({ places }: { places: SettingPlace[] }) {
  return places.map((place, index) => (
    <Fragment key={place}>
      {index === 0 ? '' : index === places.length - 1 ? ' and ' : ', '}
      <Anchor component={Link} to={SETTING_PLACES[place].to} inherit underline="always">
        {SETTING_PLACES[place].label}
      </Anchor>
    </Fragment>
  ));
}

/**
 * What the partners' baselines set in the organisation, under its partners in Settings → IT
 * partners, with where each setting is changed. Loaded only when there is one to show.
 */
export default function BaselineApplications({
  applications,
}: {
  applications: BaselineApplication[];
}) {
  const places = [
    ...new Set(
      applications.flatMap((a) =>
        baselineEffects(a.settings, (id) => id).map((effect) => effect.place),
      ),
    ),
  ];
  return (
    <section aria-labelledby="partnerBaselinesSetTitle">
      <Title order={3} size="h5" id="partnerBaselinesSetTitle" mb={4}>
        Set by your partners’ baselines
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        These are your own settings now: you can change any of them as usual
        {places.length > 0 && (
          <>
            {' '}
            in <PlaceLinks places={places} />
          </>
        )}
        .
      </Text>
      <Stack
        component="ul"
        gap="xs"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label="Set by your partners’ baselines"
      >
        {applications.map((application) => (
          <Application key={application.id} application={application} />
        ))}
      </Stack>
    </section>
  );
}
