import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../lib/memory-storage';
import { sentMark, TIME_ZONE_SENT_KEY, timeZoneToSend } from './time-zone-report';

const alice = { email: 'alice@brightwave.example', impersonating: false };

describe('time zone report', () => {
  it('sends the zone once per browser session and person', () => {
    const storage = memoryStorage();
    expect(timeZoneToSend(alice, 'Europe/London', storage)).toBe('Europe/London');
    storage.setItem(TIME_ZONE_SENT_KEY, sentMark(alice.email, 'Europe/London'));
    expect(timeZoneToSend(alice, 'Europe/London', storage)).toBeNull();
    // Someone else signing in on the same tab, or a zone that changed, sends again.
    expect(
      timeZoneToSend({ ...alice, email: 'ben@brightwave.example' }, 'Europe/London', storage),
    ).toBe('Europe/London');
    expect(timeZoneToSend(alice, 'Asia/Tokyo', storage)).toBe('Asia/Tokyo');
  });

  it('sends nothing while staff act as someone, or without a zone', () => {
    const storage = memoryStorage();
    expect(timeZoneToSend({ ...alice, impersonating: true }, 'Europe/London', storage)).toBeNull();
    expect(timeZoneToSend(alice, null, storage)).toBeNull();
  });
});
