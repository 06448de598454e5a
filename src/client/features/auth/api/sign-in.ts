import { postJson } from '#client/lib/api-client.ts';
import type { LoginInput } from '#shared/api/auth.ts';

export const signIn = (input: LoginInput) => postJson<unknown>('/api/auth/sign-in/email', input);

export const signOut = () => postJson<unknown>('/api/auth/sign-out', {});
