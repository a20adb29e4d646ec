import { Button, Group, Portal } from '@mantine/core';
import { stepButtons } from './registration-steps';

type Props = {
  step: number;
  onBack: () => void;
  onNext: () => void;
  onFinish: () => void;
  finishing: boolean;
};

/** Back / Next / Finish, placed in the registration layout's step-buttons area. */
export function StepButtons({ step, onBack, onNext, onFinish, finishing }: Props) {
  const buttons = stepButtons(step);
  return (
    <Portal target="#registration-step-buttons">
      <Group gap="sm">
        {buttons.back && (
          <Button variant="default" onClick={onBack} disabled={finishing}>
            Back
          </Button>
        )}
        {buttons.forward === 'Next' ? (
          <Button onClick={onNext}>Next</Button>
        ) : (
          <Button onClick={onFinish} loading={finishing}>
            Finish
          </Button>
        )}
      </Group>
    </Portal>
  );
}
