// Entry of a render thread (see render-pool.ts). Threads do not inherit the parent's TypeScript loader,
// so this plain module registers tsx for itself and then loads the TypeScript worker code.
import { register } from 'tsx/esm/api';

register();
await import('./render-thread.ts');
