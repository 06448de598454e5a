// A worker thread starts as plain JavaScript: the server's TypeScript loads through tsx, as `npm start` runs it.
import { register } from 'tsx/esm/api';

register();
await import('./list-thread-worker.ts');
