#!/usr/bin/env node
// The `arbiter` command: runs the TypeScript sources directly through tsx.
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
