import { postJson } from '#client/lib/api-client.ts';
import type { WalletClaim, WalletClaimInput } from '#shared/api/wallet.ts';

/** Opens a wallet exchange for the holder, who proves it with the record's passport number. */
export const startWalletClaim = (recordId: string, input: WalletClaimInput) =>
  postJson<WalletClaim>(`/api/certificates/${recordId}/wallet-claims`, input);
