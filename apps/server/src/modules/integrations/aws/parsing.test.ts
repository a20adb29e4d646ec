import { describe, expect, it } from 'vitest';
import { awsFailure, errorOf } from './aws-api-error';
import { csvRows, parseCredentialReport } from './credential-report';
import { parseXml, textAt, XmlError } from './xml';

describe('parseXml', () => {
  it('reads elements, entities and CDATA, ignoring the declaration, comments and namespaces', () => {
    const root = parseXml(
      '<?xml version="1.0"?><!-- c --><a:R xmlns:a="x"><M>1 &lt; 2 &amp; &#x263A;</M><E/><C><![CDATA[<raw>]]></C></a:R>',
    );
    expect(root.name).toBe('R');
    expect(textAt(root, 'M')).toBe('1 < 2 & ☺');
    expect(textAt(root, 'E')).toBe('');
    expect(textAt(root, 'C')).toBe('<raw>');
  });

  it('refuses a truncated or mismatched document', () => {
    expect(() => parseXml('<A><B>x</B>')).toThrow(XmlError);
    expect(() => parseXml('<A><B>x</A></B>')).toThrow(XmlError);
    expect(() => parseXml('<A/><B/>')).toThrow(XmlError);
  });
});

describe('AWS errors', () => {
  it('reads the code of each envelope', () => {
    expect(
      errorOf(
        '<ErrorResponse><Error><Type>Sender</Type><Code>AccessDenied</Code><Message>no</Message></Error></ErrorResponse>',
      ),
    ).toEqual({ code: 'AccessDenied', message: 'no' });
    expect(errorOf('<Error><Code>SlowDown</Code></Error>')).toEqual({
      code: 'SlowDown',
      message: null,
    });
    expect(
      errorOf(
        '{"__type":"com.amazonaws.cloudtrail.v20131101#TrailNotFoundException","message":"Unknown"}',
      ),
    ).toEqual({ code: 'TrailNotFoundException', message: 'Unknown' });
    expect(errorOf('<html>proxy</html')).toEqual({ code: null, message: null });
  });

  it('retries throttles and 5xx, and throws the rest as they are', () => {
    const throttled = awsFailure(
      'x',
      400,
      '<ErrorResponse><Error><Code>Throttling</Code></Error></ErrorResponse>',
    );
    expect('error' in throttled && throttled.error.kind).toBe('rate_limited');
    const down = awsFailure('x', 502, '');
    expect('error' in down && down.error.kind).toBe('unavailable');
    const expired = awsFailure(
      'x',
      400,
      '<ErrorResponse><Error><Code>ExpiredToken</Code></Error></ErrorResponse>',
    );
    expect('kind' in expired && expired.kind).toBe('invalid_token');
  });
});

describe('parseCredentialReport', () => {
  it('reads quoted fields, upper-case booleans and sentinels', () => {
    expect(csvRows('a,"b,""c"""\r\n1,2\n')).toEqual([
      ['a', 'b,"c"'],
      ['1', '2'],
    ]);
    const csv = [
      'user,arn,password_enabled,password_last_used,mfa_active,access_key_1_active,access_key_1_last_rotated,access_key_1_last_used_date,access_key_2_active,access_key_2_last_rotated',
      '<root_account>,arn:aws:iam::1:root,not_supported,no_information,TRUE,false,N/A,N/A,false,N/A',
      '"a,b",arn:aws:iam::1:user/a,TRUE,2026-01-01T00:00:00+00:00,FALSE,true,2024-01-01T00:00:00+00:00,N/A,false,N/A',
    ].join('\n');
    expect(parseCredentialReport(csv)).toEqual({
      root: expect.objectContaining({ name: '<root_account>', mfaActive: true, accessKeys: [] }),
      users: [
        {
          name: 'a,b',
          arn: 'arn:aws:iam::1:user/a',
          passwordEnabled: true,
          passwordLastUsed: '2026-01-01T00:00:00.000Z',
          mfaActive: false,
          accessKeys: [
            { slot: 1, active: true, lastRotated: '2024-01-01T00:00:00.000Z', lastUsed: null },
          ],
        },
      ],
    });
  });
});
