import { useState } from 'react';

/**
 * True from the first time `open` is true on: a lazily loaded drawer or dialog is fetched when
 * first opened, and stays mounted afterwards so that closing plays its way out.
 */
export function useMountedOnceOpen(open: boolean): boolean {
  const [mounted, setMounted] = useState(open);
  if (open && !mounted) setMounted(true);
  return mounted || open;
}
