import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** A full GC, so that heap figures are what is kept, not the garbage of whatever ran before. */
export const collectGarbage: () => void = (() => {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
})();
