import type { PhishingPerson } from '@castellan/contract';
import { Badge, Card, Table, Text, Title } from '@mantine/core';
import { QueryStatus } from '../../components/QueryStatus';
import { usePhishingPeople } from './api';
import { VERDICT_COLORS, VERDICT_NAMES, verdictKey } from './phishing-words';

/** Each member across every campaign, and whether their practice passes, with why. */
export function PeopleSection() {
  const query = usePhishingPeople();
  const people = query.data?.people;
  return (
    <Card withBorder component="section" aria-labelledby="peopleTitle">
      <Title order={2} size="h4" id="peopleTitle" mb="xs">
        People
      </Title>
      <QueryStatus query={query} what="the people" />
      {people &&
        (people.length === 0 ? (
          <Text size="sm">Nobody has had a practice message yet.</Text>
        ) : (
          <Table.ScrollContainer minWidth={760} type="native">
            <Table aria-labelledby="peopleTitle" verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>E-mail</Table.Th>
                  <Table.Th>Sent</Table.Th>
                  <Table.Th>Clicked</Table.Th>
                  <Table.Th>Reported</Table.Th>
                  <Table.Th>Lessons done</Table.Th>
                  <Table.Th>Verdict</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {people.map((person) => (
                  <PersonRow key={person.userId} person={person} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ))}
    </Card>
  );
}

function PersonRow({ person }: { person: PhishingPerson }) {
  const verdict = verdictKey(person);
  const { figures } = person;
  return (
    <Table.Tr aria-label={person.name}>
      <Table.Td>{person.name}</Table.Td>
      <Table.Td>{person.email}</Table.Td>
      <Table.Td>{figures.sent}</Table.Td>
      <Table.Td>{figures.clicked}</Table.Td>
      <Table.Td>{figures.reported}</Table.Td>
      <Table.Td>{figures.lessonsDone}</Table.Td>
      <Table.Td>
        <Badge color={VERDICT_COLORS[verdict]} variant="light" miw="max-content">
          {VERDICT_NAMES[verdict]}
        </Badge>
        {person.detail && (
          <Text size="xs" c="dimmed" mt={2}>
            {person.detail}
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
