import { useEffect, useRef } from 'react';
import { useOrganizationAnalysis, useStartOrganizationScan } from '../risk-analysis';
import { shouldStartScan } from './registration-steps';

/** The organisation's analysis, started once when the registration opens if there is none yet. */
export function useRegistrationScan() {
  const analysis = useOrganizationAnalysis();
  const start = useStartOrganizationScan();
  const attempted = useRef(false);
  const { mutate } = start;
  const loaded = analysis.isSuccess;
  const latest = analysis.data?.latest ?? null;

  useEffect(() => {
    if (!loaded || attempted.current || !shouldStartScan(latest)) return;
    attempted.current = true;
    mutate();
  }, [loaded, latest, mutate]);

  return { analysis, start };
}

export type RegistrationScan = ReturnType<typeof useRegistrationScan>;
