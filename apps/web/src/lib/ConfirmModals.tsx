import { ModalsProvider, useModals } from '@mantine/modals';
import { useEffect } from 'react';
import { onConfirmationAsked, takeWaitingConfirmations } from './confirm';

/** Shows each confirmation asked for, the ones that waited for this code first. */
function Opener() {
  // The provider's context, not `modals.*`: those reach the provider through window events it
  // only listens to once its own effects ran, after this child's.
  const { openConfirmModal } = useModals();
  useEffect(() => {
    const show = () => {
      for (const options of takeWaitingConfirmations()) openConfirmModal(options);
    };
    show();
    return onConfirmationAsked(show);
  }, [openConfirmModal]);
  return null;
}

export default function ConfirmModals() {
  return (
    <ModalsProvider>
      <Opener />
    </ModalsProvider>
  );
}
