import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createMailer, headerSafe, isPermanentRefusal } from './mailer';

describe('the mailer without SMTP_URL', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'castellan-outbox-test-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('writes each message to the data folder’s outbox and logs one line', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const { log } = Fastify({ logger: { stream } });
    const mailer = createMailer(loadConfig({ DATA_DIR: dataDir }), log);
    await mailer.send({
      id: '00000000-0000-4000-8000-000000000001',
      to: 'ben.carter@brightwave.example',
      subject: 'Hello\r\nBcc: someone@else.example',
      text: 'Plain part',
      html: '<p>HTML part</p>',
      headers: { 'List-Unsubscribe': '<http://localhost:3000/api/mail/unsubscribe?token=x>' },
    });
    mailer.close();
    const [file, ...more] = readdirSync(path.join(dataDir, 'outbox'));
    expect(more).toEqual([]);
    const raw = readFileSync(path.join(dataDir, 'outbox', file ?? ''), 'utf8');
    expect(raw).toMatch(/^To: ben\.carter@brightwave\.example$/m);
    expect(raw).toMatch(/^From: Castellan <no-reply@castellan\.example>$/m);
    // A line break in a value never starts a header of its own.
    expect(raw).toMatch(/^Subject: Hello Bcc: someone@else\.example$/m);
    expect(raw).not.toMatch(/^Bcc:/m);
    expect(raw).toContain('Plain part');
    expect(raw).toContain('<p>HTML part</p>');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({
      msg: 'no SMTP_URL: message written to the outbox',
    });
  });
});

describe('mail server answers', () => {
  it('are permanent for a 5xx reply only', () => {
    expect(isPermanentRefusal({ responseCode: 550 })).toBe(true);
    expect(isPermanentRefusal({ responseCode: 451 })).toBe(false);
    expect(isPermanentRefusal(new Error('connect ECONNREFUSED'))).toBe(false);
  });

  it('never let a control character into a header', () => {
    expect(headerSafe('Alice\r\nMorgan\u0000')).toBe('Alice Morgan');
  });
});
