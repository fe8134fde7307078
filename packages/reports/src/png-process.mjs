// Entry of a map-drawing child process (see png-pool.ts). A child does not inherit the parent's
// TypeScript loader, so this plain module registers tsx for itself and then loads the TypeScript code.
import { register } from 'tsx/esm/api';

register();
await import('./png-process.ts');
