import { type Challenge, solveChallengeWorkers } from 'altcha-lib';
import { apiFetch } from '#client/lib/api-client.ts';

/** Fetches a challenge and solves it in Web Workers; resolves to the payload POST /api/verify wants. */
export async function solveProofOfWork(): Promise<string> {
  const challenge = await apiFetch<Challenge>('/api/verify/challenge');
  const solution = await solveChallengeWorkers({
    challenge,
    concurrency: Math.min(4, navigator.hardwareConcurrency || 2),
    createWorker: () => new Worker(new URL('./pow.worker.ts', import.meta.url), { type: 'module' }),
    timeout: 60_000,
  });
  if (!solution) throw new Error('The proof of work timed out');
  return btoa(JSON.stringify({ challenge, solution }));
}
