const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/** Epoch ms of an RFC 3339 time; null when `value` is not one. */
export function parseRfc3339(value: unknown): number | null {
  if (typeof value !== 'string' || !RFC3339.test(value)) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}
