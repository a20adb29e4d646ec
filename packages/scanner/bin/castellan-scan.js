#!/usr/bin/env node
// The `castellan-scan` command. The workspace runs its TypeScript sources through tsx, as the
// server does; a build to JavaScript would point this file at the compiled cli.js instead.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
