import { z } from 'zod';
import { OPEN_BADGES_CONTEXT, VC_V2_CONTEXT } from './build-credential.ts';

const dateTime = z.string().refine((value) => !Number.isNaN(Date.parse(value)), 'is not a date and time');

const proof = z.object({
  type: z.literal('DataIntegrityProof', { error: 'proof type must be DataIntegrityProof' }),
  cryptosuite: z.literal('eddsa-rdfc-2022', { error: 'proof cryptosuite must be eddsa-rdfc-2022' }),
  verificationMethod: z.string(),
  proofValue: z.string(),
});

/** The shape an Open Badges 3.0 credential signed with eddsa-rdfc-2022 must have to be checked at all. */
export const openBadgeShape = z.object({
  '@context': z
    .array(z.unknown())
    .refine((list) => list[0] === VC_V2_CONTEXT, 'must start with the VC 2.0 context')
    .refine((list) => list.includes(OPEN_BADGES_CONTEXT), 'must include the Open Badges 3.0 context'),
  type: z
    .array(z.string())
    .refine((types) => types.includes('VerifiableCredential'), 'must include VerifiableCredential')
    .refine(
      (types) => types.includes('OpenBadgeCredential') || types.includes('AchievementCredential'),
      'must include OpenBadgeCredential',
    ),
  issuer: z.union([z.string(), z.object({ id: z.string() })]),
  validFrom: dateTime,
  validUntil: dateTime.optional(),
  credentialSubject: z.record(z.string(), z.unknown()),
  credentialStatus: z.unknown().optional(),
  proof: z.union([proof, z.array(proof).length(1, 'must hold exactly one proof')]),
});
export type OpenBadgeShape = z.infer<typeof openBadgeShape>;

export const issuerIdOf = (credential: OpenBadgeShape) =>
  typeof credential.issuer === 'string' ? credential.issuer : credential.issuer.id;

export const proofOf = (credential: OpenBadgeShape) => [credential.proof].flat()[0] as z.infer<typeof proof>;

/** The objects and arrays of a JSON value and their deepest nesting, counted without recursion. */
export function measureJson(value: unknown): { depth: number; parts: number } {
  const stack: [unknown, number][] = [[value, 1]];
  let depth = 0;
  let parts = 0;
  while (stack.length > 0) {
    const [item, level] = stack.pop() as [unknown, number];
    if (item === null || typeof item !== 'object') continue;
    parts += 1;
    depth = Math.max(depth, level);
    for (const child of Object.values(item)) stack.push([child, level + 1]);
  }
  return { depth, parts };
}
