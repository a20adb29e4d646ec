/** A `reg query` value: its type (REG_SZ, REG_DWORD, …) and its data as printed. */
export type RegValue = { type: string; data: string };

/**
 * The values in `reg query <key>` output, by name. Names and types are never translated, so this
 * reads the same in every language of Windows; subkeys and headers are skipped.
 */
export function parseRegValues(output: string): Record<string, RegValue> {
  const values: Record<string, RegValue> = {};
  for (const line of output.split(/\r?\n/)) {
    if (!line.startsWith('    ')) continue;
    const [name, type, ...data] = line.trim().split(/ {4}/);
    if (name && type?.startsWith('REG_')) values[name] = { type, data: data.join('    ') };
  }
  return values;
}

/** A REG_DWORD (printed as 0x…) or a REG_SZ holding digits, as a number; null otherwise. */
export function regNumber(value: RegValue | undefined): number | null {
  if (!value) return null;
  const text = value.data.trim();
  if (/^0x[0-9a-f]+$/i.test(text)) return Number.parseInt(text.slice(2), 16);
  return /^\d+$/.test(text) ? Number(text) : null;
}
