// How the tests start the built server, in Vitest and in the browser tests alike.

/**
 * Node flags of every server a test starts. `--liftoff-only` keeps V8 from recompiling PGlite's
 * WebAssembly with its optimising compiler in the background: a server started for a test never
 * runs long enough to gain from it. Measured on the 2-core machine, from a seeded copy to four
 * seconds after the first health answer: 7.1 → 3.8 CPU-s, and healthy in 3.0 s instead of 4.6.
 */
export const TEST_SERVER_NODE_FLAGS = ['--enable-source-maps', '--liftoff-only'];
