import type { z } from 'zod';
import { parseAnswer } from '../kit/parse-answer';
import { GoogleApiError } from './google-api-error';

/** A page parsed with `schema`; an answer of another shape is a GoogleApiError('failed'). */
export function parsePage<S extends z.ZodType>(
  schema: S,
  body: unknown,
  where: string,
): z.output<S> {
  return parseAnswer(schema, body, where, (message) => new GoogleApiError('failed', message, 200));
}
