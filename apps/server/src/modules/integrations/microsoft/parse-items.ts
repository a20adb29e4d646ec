import type { z } from 'zod';
import { parseAnswer } from '../kit/parse-answer';
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
  return parseAnswer(
    schema,
    body,
    where,
    (message) => new MicrosoftApiError('failed', message, 200),
  );
}
