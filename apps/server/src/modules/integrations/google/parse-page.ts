import type { z } from 'zod';
import { GoogleApiError } from './google-api-error';

/** A page parsed with `schema`; an answer of another shape is a GoogleApiError('failed'). */
export function parsePage<S extends z.ZodType>(
  schema: S,
  body: unknown,
  where: string,
): z.output<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new GoogleApiError(
      'failed',
      `${where}: unexpected answer (${parsed.error.issues[0]?.message ?? 'shape'})`,
      200,
    );
  }
  return parsed.data;
}
