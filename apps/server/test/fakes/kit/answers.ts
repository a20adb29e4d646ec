import type { IncomingMessage, ServerResponse } from 'node:http';

/** What a handler of the fake answers; objects are sent as JSON, strings as they are. */
export type Answer = {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
};

export const json = (status: number, body: unknown, headers?: Record<string, string>): Answer => ({
  status,
  body,
  ...(headers ? { headers } : {}),
});

export const html = (status: number, page: string): Answer => ({
  status,
  body: page,
  headers: { 'content-type': 'text/html; charset=utf-8' },
});

export const redirect = (location: string): Answer => ({
  status: 302,
  body: '',
  headers: { location },
});

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** A form body (`application/x-www-form-urlencoded`); other content types give no fields. */
export function formOf(req: IncomingMessage, body: string): URLSearchParams {
  const type = req.headers['content-type'] ?? '';
  return type.startsWith('application/x-www-form-urlencoded')
    ? new URLSearchParams(body)
    : new URLSearchParams();
}

/** Sends the answer; JSON is indented as Google's is, unless `prettyPrint=false` asked otherwise. */
export function send(res: ServerResponse, answer: Answer, pretty = true): void {
  const text =
    typeof answer.body === 'string'
      ? answer.body
      : `${JSON.stringify(answer.body, null, pretty ? 2 : undefined)}\n`;
  const headers: Record<string, string> = {
    'content-type':
      typeof answer.body === 'string'
        ? 'text/plain; charset=utf-8'
        : 'application/json; charset=UTF-8',
    ...answer.headers,
    'content-length': String(Buffer.byteLength(text)),
  };
  res.writeHead(answer.status, headers);
  res.end(text);
}
