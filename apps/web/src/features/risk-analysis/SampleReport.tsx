import { Alert, Button, Text } from '@mantine/core';
import { createContext, type ReactNode, useContext } from 'react';

/** The domain of the sample report shown, when the report on screen is the stored sample. */
const SampleDomain = createContext<string | null>(null);

/** Marks every part of the report inside it as the stored sample of `domain`. */
export function SampleReport({ domain, children }: { domain: string; children: ReactNode }) {
  return <SampleDomain.Provider value={domain}>{children}</SampleDomain.Provider>;
}

/**
 * "Sample report of smallco.test — not your domain", inside each element of a sample report
 * (its header, each area and each finding) so that none reads as a fact about the organisation.
 * Nothing outside a sample report.
 */
export function SampleMark() {
  const domain = useContext(SampleDomain);
  if (!domain) return null;
  return (
    <Text size="xs" fw={700} c="grape.8" style={{ overflowWrap: 'anywhere' }}>
      Sample report of {domain} — not your domain
    </Text>
  );
}

type BannerProps = {
  /** The organisation's own domain. */
  domain: string;
  /** Starts a scan of it; absent for members, who cannot. */
  onScan?: () => void;
};

/** Above a sample report: what it is, and (administrators) the way to a report of their own. */
export function SampleReportBanner({ domain, onScan }: BannerProps) {
  return (
    <Alert color="grape" title="Sample report" role="note" variant="light">
      <Text size="sm" mb={onScan ? 'sm' : 0}>
        This is a recorded scan of a test domain, not of your own domain {domain}. It shows what a
        report looks like; nothing in it describes your organisation, and none of it counts as
        evidence for your tasks, attack graph, breach cost or score.
      </Text>
      {onScan && (
        <Button onClick={onScan} size="xs" color="grape">
          Scan your domain
        </Button>
      )}
    </Alert>
  );
}
