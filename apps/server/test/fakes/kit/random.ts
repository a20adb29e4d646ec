/** A seeded generator of numbers in [0, 1) (mulberry32), so a world is the same on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function pick<T>(next: () => number, items: readonly T[]): T {
  const item = items[Math.floor(next() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

/** `digits` random decimal digits, the first not 0. */
export function digitString(next: () => number, digits: number): string {
  let s = String(1 + Math.floor(next() * 9));
  while (s.length < digits) s += String(Math.floor(next() * 10));
  return s;
}

/** `length` random lower-case letters and digits. */
export function idString(next: () => number, length: number): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  let s = '';
  while (s.length < length) s += pick(next, [...alphabet]);
  return s;
}
