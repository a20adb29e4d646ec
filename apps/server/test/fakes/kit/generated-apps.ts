// Made-up outside apps for the generated crowds of the suites' fakes (bench-sized worlds): their
// names, and which of them each person granted, a few apps being far more common than the rest.

const BRANDS = [
  'Harbor',
  'Quill',
  'Lumen',
  'Cobalt',
  'Fernway',
  'Orbit',
  'Tandem',
  'Bramble',
  'Keystone',
  'Mosaic',
  'Nimbus',
  'Pebble',
  'Relay',
  'Sable',
  'Trellis',
  'Zephyr',
];
const KINDS = ['CRM', 'Notes', 'Scheduler', 'Backup', 'Survey', 'Analytics', 'Mail Merge', 'Sign'];

/** `count` distinct app names, the same for the same count. */
export function generatedAppNames(count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const brand = BRANDS[i % BRANDS.length] ?? 'App';
    const kind = KINDS[(i + Math.floor(i / BRANDS.length)) % KINDS.length] ?? 'Tool';
    const round = Math.floor(i / (BRANDS.length * KINDS.length));
    return round === 0 ? `${brand} ${kind}` : `${brand} ${kind} ${round + 1}`;
  });
}

/**
 * For one person: 1 to 3 distinct indexes below `appCount`, low indexes (the popular apps) far
 * likelier than high ones.
 */
export function pickGrantedApps(next: () => number, appCount: number): number[] {
  const wanted = Math.min(appCount, 1 + Math.floor(next() * 3));
  const picked = new Set<number>();
  while (picked.size < wanted) picked.add(Math.floor(next() ** 2 * appCount));
  return [...picked];
}
