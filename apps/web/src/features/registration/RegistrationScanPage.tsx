import { Alert, Stack, Stepper, Text, Title } from '@mantine/core';
import { useMediaQuery, useSessionStorage } from '@mantine/hooks';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useUserData } from '../../lib/user-data';
import { useCompleteRegistration } from './api';
import { LinkStep } from './LinkStep';
import { REGISTRATION_STEPS, stepName, validStep } from './registration-steps';
import { ScanStep } from './ScanStep';
import { StepButtons } from './StepButtons';
import { useRegistrationScan } from './use-registration-scan';

// Remembered for the tab, so a visit to the integrations or the agent page comes back to its step.
const STEP_KEY = 'castellan.registrationStep';

/** `/registration/scan`: the admin of a new organisation scans the domain, then sets things up. */
export default function RegistrationScanPage() {
  const { data: user } = useUserData();
  const navigate = useNavigate();
  const [stored, setStored, forgetStep] = useSessionStorage<number>({
    key: STEP_KEY,
    defaultValue: 0,
    getInitialValueInEffect: false,
  });
  const step = validStep(stored);
  // Focus follows the user's moves between steps, not the first visit.
  const [moved, setMoved] = useState(false);
  const scan = useRegistrationScan();
  const complete = useCompleteRegistration();
  const narrow = useMediaQuery('(max-width: 30em)', false, { getInitialValueInEffect: false });
  const domain = scan.analysis.data?.domain ?? user?.companyDomain ?? 'your domain';

  const goTo = (next: number) => {
    setMoved(true);
    setStored(validStep(next));
  };
  const finish = () =>
    complete.mutate(undefined, {
      onSuccess: (registered) => {
        if (!registered) return;
        forgetStep();
        void navigate('/dashboard');
      },
    });

  const content = [
    <ScanStep key="scan" domain={domain} scan={scan} focus={moved} />,
    <LinkStep
      key="integrations"
      focus={moved}
      title="Connect your tools"
      text="Connect Google Workspace, Microsoft 365 or Meta, and Castellan checks settings such as two-step verification for everyone and keeps your score up to date."
      linkLabel="Open the integrations"
      to="/integrations"
    />,
    <LinkStep
      key="agent"
      focus={moved}
      title="Install the agent"
      text="The Castellan agent checks each computer for updates, disk encryption and a firewall, and puts what needs doing in each person's task list."
      linkLabel="Download the agent"
      to="/agent/download"
    />,
  ];

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2" mb={4}>
          Registration
        </Title>
        <Text c="dimmed">Three short steps to set up Castellan for {domain}.</Text>
      </div>
      <Stepper
        active={step}
        onStepClick={goTo}
        allowNextStepsSelect={false}
        size="sm"
        orientation={narrow ? 'vertical' : 'horizontal'}
      >
        {REGISTRATION_STEPS.map((s, index) => (
          <Stepper.Step
            key={s.id}
            label={s.label}
            description={s.description}
            aria-label={stepName(index, step)}
            aria-current={index === step ? 'step' : undefined}
          >
            {content[index]}
          </Stepper.Step>
        ))}
      </Stepper>
      {complete.isError && (
        <Alert color="red" title="Could not finish the registration" role="alert">
          {complete.error.message}
        </Alert>
      )}
      <StepButtons
        step={step}
        onBack={() => goTo(step - 1)}
        onNext={() => goTo(step + 1)}
        onFinish={finish}
        finishing={complete.isPending}
      />
    </Stack>
  );
}
