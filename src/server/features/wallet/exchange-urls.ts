/** Where a wallet starts: a VC-API interaction URL, marked as one by `iuv=1`. */
export const interactionUrl = (publicUrl: string, exchangeId: string) =>
  `${publicUrl}/api/wallet/interactions/${exchangeId}?iuv=1`;

/** Where the wallet posts its messages for one exchange. */
export const exchangeUrl = (publicUrl: string, exchangeId: string) =>
  `${publicUrl}/api/wallet/exchanges/${exchangeId}`;

/** The domain a holder's presentation must be signed for: this portal's host. */
export const presentationDomain = (publicUrl: string) => new URL(publicUrl).host;
