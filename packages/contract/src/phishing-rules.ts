/**
 * The constants of phishing practice that the server and the web app both apply. No zod here:
 * the web app's pages import it.
 */

/** The practice messages an administrator can send, each written for a small office. */
export const PHISHING_TEMPLATE_IDS = [
  'invoice',
  'shared-document',
  'password-expiry',
  'parcel',
  'gift-cards',
] as const;
export type PhishingTemplateId = (typeof PHISHING_TEMPLATE_IDS)[number];

/** Over how many hours a campaign's messages are spread, so that they do not arrive together. */
export const PHISHING_WINDOW_HOURS = [1, 4, 8, 24, 72] as const;
export type PhishingWindowHours = (typeof PHISHING_WINDOW_HOURS)[number];
export const PHISHING_WINDOW_NAMES: Record<PhishingWindowHours, string> = {
  1: 'Within an hour',
  4: 'Over four hours',
  8: 'Over a working day (8 hours)',
  24: 'Over a day',
  72: 'Over three days',
};

/** A campaign's people are at most this many (an organisation has up to 200; a partner's console more). */
export const PHISHING_MAX_RECIPIENTS = 1000;

/**
 * A message not clicked this many hours after it arrived counts as ignored: a pass, like a
 * report. Until then its person's practice is judged on the messages before it.
 */
export const PHISHING_IGNORED_AFTER_HOURS = 72;

/** The practice page shows the lure this long before the lesson takes its place, if nothing was typed. */
export const PHISHING_LURE_SECONDS = 5;

/** What an administrator confirms before the first campaign; recorded with who and when. */
export const PHISHING_CONSENT_TEXT =
  'I am allowed to send practice phishing messages to the people of this organisation. ' +
  'They will receive realistic but harmless e-mails from this product at random times within the ' +
  'window I choose; opening a link, typing into the page it leads to, and reporting the message are ' +
  'recorded for each person (never what they typed), and anyone who clicks is shown a short lesson.';

/** A practice message's state for its person, in the order things happen. */
export const PHISHING_OUTCOMES = [
  'scheduled',
  'sent',
  'clicked',
  'submitted',
  'reported',
  'failed',
] as const;
export type PhishingOutcome = (typeof PHISHING_OUTCOMES)[number];
