import type { ECertDesign } from '#shared/api/content.ts';
import type { ResolvedContent } from '#shared/api/site-content.ts';
import type { Language } from '#shared/i18n/languages.ts';

/**
 * The e-Cert's design in a language. A translation's file holds its own words; the images it
 * leaves out (signature, logo) are the English design's, since a signature is the same in every
 * language.
 */
export function eCertDesignIn(content: ResolvedContent, language: Language): ECertDesign {
  const design = content.inLanguage(language).pages['e-cert'];
  const english = content.pages['e-cert'];
  return {
    ...design,
    signatureImage: design.signatureImage ?? english.signatureImage,
    logoImage: design.logoImage ?? english.logoImage,
  };
}
