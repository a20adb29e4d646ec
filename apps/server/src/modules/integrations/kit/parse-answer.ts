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
