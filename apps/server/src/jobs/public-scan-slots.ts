/**
 * Counts the public scans running in this process, in all and per client address, so that
 * anonymous visitors cannot make the server probe the internet without bound.
 */
export class PublicScanSlots {
  private total = 0;
  private readonly byClient = new Map<string, number>();

  constructor(private readonly caps: { total: number; perClient: number }) {}

  /** Takes a slot for the client; null when a cap is reached. Call the release function once. */
  take(client: string): (() => void) | null {
    const mine = this.byClient.get(client) ?? 0;
    if (this.total >= this.caps.total || mine >= this.caps.perClient) return null;
    this.total += 1;
    this.byClient.set(client, mine + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total -= 1;
      const left = (this.byClient.get(client) ?? 1) - 1;
      if (left > 0) this.byClient.set(client, left);
      else this.byClient.delete(client);
    };
  }
}
