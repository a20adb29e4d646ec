import type { z } from 'zod';

/**
 * An answer parsed with `schema`; an answer of another shape is thrown as `unexpected` makes it
 * of the message `<where>: unexpected answer (<the first issue>)`.
 */
export function parseAnswer<S extends z.ZodType>(
  schema: S,
  body: unknown,
  where: string,
  unexpected: (message: string) => unknown,
): z.output<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw unexpected(`${where}: unexpected answer (${parsed.error.issues[0]?.message ?? 'shape'})`);
  }
  return parsed.data;
}

/** The fields of an answer's JSON object; none when it is not one (an error page, nothing). */
export const fieldsOf = (body: unknown): Record<string, unknown> =>
  typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};

/** A field's text, or null when it is not a string. */
export const textOf = (v: unknown): string | null => (typeof v === 'string' ? v : null);
