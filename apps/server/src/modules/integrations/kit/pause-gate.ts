import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A pause every request of one provider for one organisation waits out: a Retry-After asks the
 * client to stop calling, not only to delay the request that got it (Microsoft's throttling
 * guidance). Shared by every client of that provider and organisation in this process.
 */
export type PauseGate = {
  /** Resolves once no pause is running. */
  ready(signal?: AbortSignal): Promise<void>;
  /** Holds every request back for `ms` from now (a longer pause already running stays). */
  pause(ms: number): void;
  /** Epoch ms the current pause ends; 0 when none runs. */
  pausedUntil(): number;
};

const shared = new Map<string, number>();

function gate(key: string, pauses: Map<string, number>): PauseGate {
  return {
    async ready(signal) {
      for (;;) {
        const until = pauses.get(key) ?? 0;
        const wait = until - Date.now();
        if (wait <= 0) {
          if (until !== 0) pauses.delete(key);
          return;
        }
        await sleep(wait, undefined, signal ? { signal } : undefined);
      }
    },
    pause(ms) {
      pauses.set(key, Math.max(pauses.get(key) ?? 0, Date.now() + ms));
    },
    pausedUntil: () => pauses.get(key) ?? 0,
  };
}

/** The gate of `provider` for `organizationId`. */
export const pauseGate = (provider: string, organizationId: string) =>
  gate(`${provider}\n${organizationId}`, shared);

/** A gate of one client alone, for calls made outside any organisation's sync. */
export const ownPauseGate = () => gate('own', new Map());
