export * from './api-keys.ts';
export * from './audit.ts';
export * from './auth.ts';
export * from './credentials.ts';
export * from './imports.ts';
export * from './messages.ts';
export * from './person.ts';
export * from './renewal.ts';
