/** "A", "A and B", "A, B and C". */
export function listInWords(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** "1 security update", "3 security updates". */
export function countInWords(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** "A is", "A and B are". */
export function namesWithVerb(names: readonly string[], singular: string, plural: string): string {
  return `${listInWords(names)} ${names.length === 1 ? singular : plural}`;
}
