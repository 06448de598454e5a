import { z } from 'zod';

const text = z.string().trim().min(1);

/** Brand and public settings; every brand text comes from here: none is written into the code. */
export const siteConfig = z.object({
  portalName: text,
  issuerName: text,
  logo: z.object({ src: text, alt: text }),
  certificateTitle: text,
  certificateShortTitle: text,
  tagline: text,
  popularSearches: z.array(text).length(3),
  footerLogos: z.array(z.object({ src: text, alt: text })).max(2),
  securityContact: text,
});
export type SiteConfig = z.infer<typeof siteConfig>;

/** A translation of the brand: only its texts, each optional (English stands in for one left out). */
export const siteTranslation = siteConfig.omit({ securityContact: true }).partial().strict();

/** What GET /api/site returns: the brand, the site's own address, and the public verification settings. */
export const siteResponse = siteConfig.extend({
  /** PUBLIC_URL: addresses given to other sites (LinkedIn, wallets) are absolute. */
  publicUrl: z.string(),
  verification: z.object({
    waitSeconds: z.number().int().min(0),
    interstitialUrl: z.string().nullable(),
  }),
});
export type SiteResponse = z.infer<typeof siteResponse>;
