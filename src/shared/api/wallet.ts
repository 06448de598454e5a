import { z } from 'zod';

/** How long a wallet link works after the holder asks for it. */
export const WALLET_EXCHANGE_MINUTES = 15;

/** Texts the server answers in, which the record page says again in its language by their code. */
export const walletMessages = {
  wrongPassport:
    'That passport number does not match this record. Type it as it is printed in your passport.',
} as const;
export const walletCodes = { wrongPassport: 'WRONG_PASSPORT' } as const;

/** What only the holder is expected to know: the passport number, which the public page masks. */
export const walletClaimInput = z.object({
  passportNumber: z
    .string()
    .trim()
    .min(1, { error: 'Enter your passport number.' })
    .max(200, { error: 'A passport number is at most 200 characters.' }),
});
export type WalletClaimInput = z.infer<typeof walletClaimInput>;

export const walletClaim = z.object({
  /** The VC-API interaction URL (`?iuv=1`) a wallet scans or is given. */
  interactionUrl: z.string(),
  expiresAt: z.string(),
});
export type WalletClaim = z.infer<typeof walletClaim>;
