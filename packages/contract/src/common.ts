import { z } from 'zod';

/** Every error answer of the API has this shape. */
export const errorResponse = z.object({ error: z.string() });
export type ErrorResponse = z.infer<typeof errorResponse>;

export const emailAddress = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: 'must be a valid e-mail address' }));
export type EmailAddress = z.infer<typeof emailAddress>;

export const isoDateTime = z.iso.datetime({ offset: true });
export type IsoDateTime = z.infer<typeof isoDateTime>;
