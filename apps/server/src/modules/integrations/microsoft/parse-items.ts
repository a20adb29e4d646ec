import type { z } from 'zod';
import { MicrosoftApiError } from './microsoft-api-error';

/** A page's items parsed with `schema`; an item of another shape is a MicrosoftApiError('failed'). */
export function parseItems<S extends z.ZodType>(
  schema: S,
  items: readonly unknown[],
  where: string,
): z.output<S>[] {
  return items.map((item) => parseOne(schema, item, where));
}

export function parseOne<S extends z.ZodType>(
  schema: S,
  body: unknown,
  where: string,
): z.output<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new MicrosoftApiError(
      'failed',
      `${where}: unexpected answer (${parsed.error.issues[0]?.message ?? 'shape'})`,
      200,
    );
  }
  return parsed.data;
}
