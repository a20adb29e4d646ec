import { PROVIDER_IDS } from '@castellan/contract/providers';
import { Stack } from '@mantine/core';
import { useConnect, WEB_PROVIDERS } from '../integrations';
import { useSetupChecklist } from './api';
import { GetSetUpCard } from './GetSetUpCard';

/**
 * An administrator's first week on the Overview: the "Get set up" checklist until every step is
 * done, and the offer to connect Google Workspace while no office suite is.
 */
export function FirstWeek() {
  const { data } = useSetupChecklist();
  const connect = useConnect();
  if (!data || data.steps.every((s) => s.done)) return null;
  const suiteConnected = data.steps.some((s) => s.id === 'suite' && s.done);
  return (
    <Stack gap="md">
      <GetSetUpCard steps={data.steps} />
      {!suiteConnected &&
        PROVIDER_IDS.map((id) => {
          const Offer = WEB_PROVIDERS[id].setupOffer;
          return (
            Offer && (
              <Offer
                key={id}
                checkedTasks={data.googleCheckedTasks}
                onConnect={() => connect(id)}
              />
            )
          );
        })}
    </Stack>
  );
}
