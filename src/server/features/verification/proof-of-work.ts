import { type Challenge, createChallenge, type Solution, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { createMemoryReplayStore, createSharedReplayStore } from './replay-store.ts';

const ALGORITHM = 'PBKDF2/SHA-256';
const CHALLENGE_TTL_MS = 10 * 60_000;

const payloadSchema = z.object({
  challenge: z.object({
    parameters: z.object({ nonce: z.string().min(1).max(200) }).loose(),
    signature: z.string().optional(),
  }),
  solution: z.object({ counter: z.number().int().nonnegative(), derivedKey: z.string().max(200) }).loose(),
});

/**
 * ALTCHA v2 proof of work: PBKDF2 at `cost` iterations with a one-byte key prefix, so a browser
 * tries about 256 keys (measured ~0.6 s in Chromium at cost 5000). Challenges are HMAC-signed and
 * expire; a solved challenge's nonce goes into the replay store so it verifies only once.
 */
export function createProofOfWork(options: { secret: string; cost: number; redis?: Redis | null }) {
  const alone = createMemoryReplayStore(CHALLENGE_TTL_MS);
  const store = options.redis ? createSharedReplayStore(options.redis, CHALLENGE_TTL_MS, alone) : alone;
  return {
    create: () =>
      createChallenge({
        algorithm: ALGORITHM,
        cost: options.cost,
        deriveKey,
        hmacSignatureSecret: options.secret,
        expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
      }),

    /** Resolves true only for a valid, unexpired, first-time solution. */
    async verify(encoded: string): Promise<boolean> {
      let decoded: unknown;
      try {
        decoded = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8'));
      } catch {
        return false;
      }
      const parsed = payloadSchema.safeParse(decoded);
      if (!parsed.success) return false;
      const challenge = parsed.data.challenge as unknown as Challenge;
      if (challenge.parameters.algorithm !== ALGORITHM || challenge.parameters.cost !== options.cost)
        return false;
      try {
        const result = await verifySolution({
          challenge,
          solution: parsed.data.solution as unknown as Solution,
          deriveKey,
          hmacSignatureSecret: options.secret,
        });
        if (!result.verified) return false;
      } catch {
        return false;
      }
      return store.setIfAbsent(challenge.parameters.nonce);
    },
  };
}
