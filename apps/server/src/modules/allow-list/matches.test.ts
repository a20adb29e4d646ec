import type { ExternalShare } from '@castellan/contract';
import { describe, expect, it } from 'vitest';
import { type ApprovedEntries, isAllowed } from './matches';

const FILE = '1AbC-def_ghiJKLmnop';
const approved: ApprovedEntries = {
  users: new Set(['bob@agency.example']),
  domains: new Set(['partner.com', 'xn--bcher-kva.de']),
  files: new Set([FILE]),
};

const share = (sharedWith: ExternalShare['sharedWith'], fileId = 'otherFile-123456') => ({
  fileId,
  sharedWith,
});
const user = (email: string) => share({ type: 'user', email });
const domain = (name: string) => share({ type: 'domain', domain: name });

describe('isAllowed', () => {
  it('covers any share of an approved file, with anyone too', () => {
    expect(isAllowed(share({ type: 'anyone' }, FILE), approved)).toBe(true);
    expect(isAllowed(share({ type: 'user', email: 'eve@evil.example' }, FILE), approved)).toBe(
      true,
    );
    expect(isAllowed(share({ type: 'domain', domain: 'evil.example' }, FILE), approved)).toBe(true);
  });

  it('never covers an anyone-with-the-link share by user or domain', () => {
    expect(isAllowed(share({ type: 'anyone' }), approved)).toBe(false);
    expect(isAllowed(share({ type: 'anyone' }), { ...approved, files: new Set() })).toBe(false);
  });

  it('matches file ids exactly, case included', () => {
    expect(isAllowed(share({ type: 'anyone' }, FILE.toLowerCase()), approved)).toBe(false);
  });

  it('covers an approved user, whatever the case of the address', () => {
    expect(isAllowed(user('bob@agency.example'), approved)).toBe(true);
    expect(isAllowed(user(' Bob@Agency.EXAMPLE'), approved)).toBe(true);
    expect(isAllowed(user('alice@agency.example'), approved)).toBe(false);
  });

  it("covers a user of an approved domain, and the domain's own shares", () => {
    expect(isAllowed(user('anyone@partner.com'), approved)).toBe(true);
    expect(isAllowed(user('Someone@PARTNER.com'), approved)).toBe(true);
    expect(isAllowed(domain('partner.com'), approved)).toBe(true);
    expect(isAllowed(domain('Partner.COM.'), approved)).toBe(true);
  });

  it('compares international domains in punycode, as they are stored', () => {
    expect(isAllowed(domain('bücher.de'), approved)).toBe(true);
    expect(isAllowed(user('info@BÜCHER.de'), approved)).toBe(true);
  });

  it('covers exactly the approved domain: not its subdomains, not its parent, not look-alikes', () => {
    expect(isAllowed(domain('mail.partner.com'), approved)).toBe(false);
    expect(isAllowed(user('someone@mail.partner.com'), approved)).toBe(false);
    expect(isAllowed(domain('com'), approved)).toBe(false);
    expect(isAllowed(domain('evilpartner.com'), approved)).toBe(false);
    expect(isAllowed(domain('partner.com.evil.example'), approved)).toBe(false);
    expect(isAllowed(user('partner.com@evil.example'), approved)).toBe(false);
  });

  it('does not let an approved user stand for their domain', () => {
    expect(isAllowed(user('carol@agency.example'), approved)).toBe(false);
    expect(isAllowed(domain('agency.example'), approved)).toBe(false);
  });

  it('covers nothing when nothing is approved, and tolerates odd input', () => {
    const none: ApprovedEntries = { users: new Set(), domains: new Set(), files: new Set() };
    expect(isAllowed(user('bob@agency.example'), none)).toBe(false);
    expect(isAllowed(user('not an address'), approved)).toBe(false);
    expect(isAllowed(domain(''), approved)).toBe(false);
  });
});
