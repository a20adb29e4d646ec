import { useMergedRef } from '@mantine/hooks';
import type { Ref } from 'react';

/**
 * floating-ui's `useMergeRefs([a, b])`, as Mantine's ScrollArea calls it, on Mantine's own hook.
 * The build gives it to ScrollArea in place of `@floating-ui/react` (vite.config.ts), whose
 * positioning code would otherwise come with every page that shows a table.
 */
export function useMergeRefs<T>(refs: (Ref<T> | undefined)[]) {
  return useMergedRef(...refs);
}
