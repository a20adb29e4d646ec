#!/usr/bin/env node
// The `castellan-agent` command from the repository: runs the TypeScript sources through tsx.
// Computers that are checked get the bundle or the single executable that scripts/build.mjs makes.
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
