import type { UserData } from '@castellan/contract';
import { Alert, Button, Card, Group, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { showToast } from '../../lib/toast';
import { useUpdateProfile } from './api';

type Errors = { firstName?: string; lastName?: string };

const validate = (firstName: string, lastName: string): Errors => ({
  ...(firstName.trim() ? {} : { firstName: 'Enter your first name.' }),
  ...(lastName.trim() ? {} : { lastName: 'Enter your last name.' }),
});

/** The user's own name; the picture and e-mail come from their sign-in provider. */
export function ProfileForm({ user }: { user: UserData }) {
  const update = useUpdateProfile();
  const [firstName, setFirstName] = useState(user.firstName);
  const [lastName, setLastName] = useState(user.lastName);
  const [errors, setErrors] = useState<Errors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate(firstName, lastName);
    setErrors(found);
    if (found.firstName || found.lastName) return;
    update.mutate(
      { firstName: firstName.trim(), lastName: lastName.trim() },
      {
        onSuccess: (saved) => {
          if (!saved) return; // the server was busy; the hook said so
          setFirstName(saved.firstName);
          setLastName(saved.lastName);
          showToast({ severity: 'success', summary: 'Your name was saved' });
        },
      },
    );
  };

  return (
    <Card withBorder component="section" aria-labelledby="profileTitle" mb="lg">
      <Title order={2} size="h4" id="profileTitle">
        Profile
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        You sign in as {user.email}. Your picture comes from your sign-in provider.
      </Text>
      <form onSubmit={submit} noValidate>
        <Group align="flex-start" gap="sm" mb="sm">
          <TextInput
            label="First name"
            autoComplete="given-name"
            maxLength={100}
            value={firstName}
            onChange={(event) => setFirstName(event.currentTarget.value)}
            error={errors.firstName}
            style={{ flex: '1 1 12rem' }}
          />
          <TextInput
            label="Last name"
            autoComplete="family-name"
            maxLength={100}
            value={lastName}
            onChange={(event) => setLastName(event.currentTarget.value)}
            error={errors.lastName}
            style={{ flex: '1 1 12rem' }}
          />
        </Group>
        {update.isError && (
          <Alert color="red" mb="sm" title="Could not save your name">
            {update.error.message}
          </Alert>
        )}
        <Button type="submit" loading={update.isPending}>
          Save
        </Button>
      </form>
    </Card>
  );
}
