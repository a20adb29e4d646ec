/**
 * Shared vocabularies of the product spec: one definition used by server and web app. No zod
 * here, so the web app can import it (as `@castellan/contract/vocabulary`) without the schemas.
 */

export const ROLES = ['admin', 'user'] as const;
export type Role = (typeof ROLES)[number];

export const ORGANIZATION_STATUSES = ['PENDING', 'REGISTERED'] as const;
export type OrganizationStatus = (typeof ORGANIZATION_STATUSES)[number];

export const PRODUCT_NAME = 'Castellan';

/** Whether a domain is the product's own domain or one of its subdomains. */
export const isProductDomain = (domain: string, productDomain: string): boolean =>
  domain === productDomain || domain.endsWith(`.${productDomain}`);

/** Free e-mail services: their addresses cannot found or join an organisation. */
export const CONSUMER_EMAIL_DOMAINS = [
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'yahoo.co.uk',
  'ymail.com',
  'hotmail.com',
  'hotmail.co.uk',
  'outlook.com',
  'live.com',
  'msn.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'gmx.com',
  'gmx.de',
  'gmx.net',
  'web.de',
  'mail.com',
  'proton.me',
  'protonmail.com',
  'zoho.com',
  'yandex.com',
  'yandex.ru',
  'mail.ru',
  'qq.com',
  '163.com',
  'fastmail.com',
  'hey.com',
  'tutanota.com',
] as const;

export const isConsumerEmailDomain = (domain: string): boolean =>
  (CONSUMER_EMAIL_DOMAINS as readonly string[]).includes(domain.toLowerCase());
