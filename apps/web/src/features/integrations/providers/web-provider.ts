import type { ComponentType } from 'react';

/** What a provider's offer at set-up is given: what it would check, and how to connect it. */
export type SetupOfferProps = { checkedTasks: number; onConnect: () => void };

/** What a provider's findings section is given. */
export type FindingsProps = { isAdmin: boolean; email: string };

/** What a provider's notice above the cards is given. */
export type NoticeProps = {
  isAdmin: boolean;
  /** Why Reconnect cannot be used on this server, or null. */
  blockedReason: string | null;
  onReconnect: () => void;
  onDismiss: () => void;
};

/** Why a connect callback was refused, as the page's alert says it. */
export type Refusal = { title: string; text: string };

/** A provider as the web app connects and shows it; providers/index.ts lists them. */
export type WebProvider = {
  /**
   * The provider's mark (its folder's mark.svg): an original, simple drawing in the provider's
   * published style, with clear space drawn in; shown at MARK_SIZE, above each brand's minimum.
   */
  mark: string;
  /** What an administrator must do when the grant lacks the permissions Castellan needs. */
  missingPermissions: string;
  /** Why its connect callback was refused, by the value of the `refused` flag it sets. */
  refusals?: Readonly<Record<string, Refusal>>;
  /**
   * What the page shows of the provider once it is connected. Its Section (and a notice's Panel)
   * is `lazy()`: the Overview lists the providers for their set-up offers, and should not load
   * every provider's findings with them.
   */
  findings: {
    Section: ComponentType<FindingsProps>;
    /** Shown to members too, not only to administrators. */
    forMembers: boolean;
    /** Shown only once a sync has finished. */
    afterFirstScan: boolean;
  };
  /**
   * Offered on an administrator's Overview while no office suite is connected ("Get set up"),
   * with how many of the organisation's tasks its checks would decide.
   */
  setupOffer?: ComponentType<SetupOfferProps>;
  /** A panel above the cards while the address carries `<flag>=true` (set by its callback). */
  notice?: { flag: string; Panel: ComponentType<NoticeProps> };
};

/** How large the cards show a provider's mark, in pixels (each brand asks for at least 16–24). */
export const MARK_SIZE = 40;

/** The refusal of a callback that does not belong to a connect flow started in this window. */
export const notStartedHere = (name: string, company: string): Refusal => ({
  title: `${name} was not connected`,
  text: `The answer from ${company} did not belong to a connection started in this window by you (it may have taken more than ten minutes, or been started in another browser or session). Nothing was changed: connect again from here.`,
});
