import type { AllowListKey } from '@castellan/contract';
import { parseAllowListValue } from '@castellan/contract/allow-list-value';
import { describe, expect, it } from 'vitest';
import {
  addEntry,
  changesToSave,
  draftOf,
  entriesOf,
  isDisallowedEntry,
  NO_EDITS,
  ownRequests,
  pendingEntriesOf,
  removeEntry,
} from './allow-list-draft';

describe('allow-list values', () => {
  it('refuses consumer e-mail domains with the spec’s message', () => {
    expect(parseAllowListValue('domain', 'Yahoo.com')).toEqual({
      ok: false,
      error: 'Consumer email domains like yahoo.com are not allowed.',
    });
  });

  it('normalises what it accepts', () => {
    expect(parseAllowListValue('user', ' Ann@Partner.COM ')).toEqual({
      ok: true,
      value: 'ann@partner.com',
    });
    expect(parseAllowListValue('domain', 'https://Partner.com/')).toEqual({
      ok: true,
      value: 'partner.com',
    });
  });
});

const user = (value: string): AllowListKey => ({ type: 'user', value });
const domain = (value: string): AllowListKey => ({ type: 'domain', value });
const file = (value: string): AllowListKey => ({ type: 'file', value });

describe('the allow-list draft', () => {
  const approved = [user('ann@partner.com'), domain('partner.com'), file('1A2b3C4d5E6f')];

  it('reads the server’s groups as entries', () => {
    expect(
      entriesOf({
        users: [{ email: 'ann@partner.com' }],
        domains: [{ domain: 'partner.com' }],
        files: [{ id: '1A2b3C4d5E6f' }],
      }),
    ).toEqual(approved);
  });

  it('saves only the difference from the approved list', () => {
    let edits = addEntry(NO_EDITS, approved, domain('supplier.com'));
    edits = removeEntry(edits, user('ann@partner.com'));
    edits = addEntry(edits, approved, file('9Z8y7X6w5V4u'));
    expect(draftOf(approved, edits)).toEqual([
      domain('partner.com'),
      file('1A2b3C4d5E6f'),
      domain('supplier.com'),
      file('9Z8y7X6w5V4u'),
    ]);
    expect(changesToSave(approved, edits)).toEqual({
      add: [domain('supplier.com'), file('9Z8y7X6w5V4u')],
      remove: [user('ann@partner.com')],
    });
  });

  it('forgets a change that is undone, and adds nothing twice', () => {
    let edits = removeEntry(NO_EDITS, domain('partner.com'));
    edits = addEntry(edits, approved, domain('partner.com'));
    edits = addEntry(edits, approved, user('ann@partner.com'));
    edits = addEntry(edits, approved, domain('new.com'));
    edits = addEntry(edits, approved, domain('new.com'));
    expect(changesToSave(approved, edits)).toEqual({ add: [domain('new.com')], remove: [] });
    edits = removeEntry(edits, domain('new.com'));
    expect(changesToSave(approved, edits)).toEqual({ add: [], remove: [] });
  });

  it('keeps its changes when the approved list changes meanwhile', () => {
    const edits = removeEntry(
      addEntry(NO_EDITS, approved, domain('new.com')),
      file('1A2b3C4d5E6f'),
    );
    // Someone saved new.com already and removed the file: nothing is left to send.
    const later = [user('ann@partner.com'), domain('partner.com'), domain('new.com')];
    expect(changesToSave(later, edits)).toEqual({ add: [], remove: [] });
    expect(draftOf(later, edits)).toEqual(later);
  });

  it('marks consumer domains, which can never be saved', () => {
    expect(isDisallowedEntry(domain('gmail.com'))).toBe(true);
    expect(isDisallowedEntry(domain('partner.com'))).toBe(false);
    expect(isDisallowedEntry(user('someone@gmail.com'))).toBe(false);
  });

  it('shows a member only their own pending requests', () => {
    const pending = pendingEntriesOf({
      users: [],
      domains: [{ domain: 'supplier.com', requestedBy: 'ben@org.example', requestedAt: null }],
      files: [{ id: '1A2b3C4d5E6f', requestedBy: 'isla@org.example' }, { id: '9Z8y7X6w5V4u' }],
    });
    expect(ownRequests(pending, 'ben@org.example').map((e) => e.value)).toEqual([
      'supplier.com',
      '9Z8y7X6w5V4u',
    ]);
  });
});
