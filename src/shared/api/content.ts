import { z } from 'zod';

const text = z.string().trim().min(1);

const section = z.object({ heading: text, paragraphs: z.array(text).min(1) });

/** A prose page: about, privacy, terms, security, supported browsers, not found. */
const articlePage = z.object({
  title: text,
  lead: text,
  sections: z.array(section),
});

const card = z.object({ id: text, title: text, description: text });

// Entries are added, reordered and removed in the dashboard; the pages lay out any number.
const cardsPage = z.object({ title: text, lead: text, cards: z.array(card).min(1).max(30) });
export type CardsPage = z.infer<typeof cardsPage>;

const resourceLink = z.object({ title: text, description: text, url: z.url() });
const resourcesPage = z.object({ title: text, lead: text, links: z.array(resourceLink).min(1).max(30) });
export type ResourcesPage = z.infer<typeof resourcesPage>;

const faqPage = z.object({
  title: text,
  lead: text,
  items: z.array(z.object({ question: text, answer: text })).min(1),
});

const eServicesPage = z.object({
  title: text,
  lead: text,
  services: z.array(z.object({ title: text, description: text, href: text, linkLabel: text })).min(1),
});

const homePage = z.object({
  heroTitle: text,
  heroText: text,
  heroAction: text,
  coursesTitle: text,
  coursesAction: text,
});

const contactPage = z.object({
  title: text,
  lead: text,
  replies: z.object({ support: text, pricing: text, bug: text, default: text }),
});

const verifyPage = z.object({
  carousel: z.array(z.object({ src: text, alt: text, caption: text })).length(6),
});
export type VerifyPage = z.infer<typeof verifyPage>;

/**
 * The PDF e-Cert's design: its accent colour, a short statement under the holder's details, the
 * signatory with their signature, and its logo. The credential and its checks do not read it.
 */
const eCertDesign = z.object({
  accentColour: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, { error: 'Accent colour must be a colour such as #1c4e80' }),
  statement: text.max(400, { error: 'Statement must be at most 400 characters' }),
  signatoryName: text.max(120),
  signatoryTitle: text.max(120),
  /** The signatory's signature, printed above their name: an uploaded image's address. */
  signatureImage: text.max(200).optional(),
  /** A logo for the PDF alone; the brand's logo when left out. */
  logoImage: text.max(200).optional(),
});
export type ECertDesign = z.infer<typeof eCertDesign>;

/** Every content file the portal reads, by name, with the schema it must satisfy. */
export const contentSchemas = {
  home: homePage,
  about: articlePage,
  'e-services': eServicesPage,
  courses: cardsPage,
  careers: cardsPage,
  resources: resourcesPage,
  faq: faqPage,
  contact: contactPage,
  privacy: articlePage,
  terms: articlePage,
  security: articlePage,
  'supported-browsers': articlePage,
  'not-found': articlePage,
  verify: verifyPage,
  'e-cert': eCertDesign,
} as const;
export type ContentName = keyof typeof contentSchemas;
export type Content<N extends ContentName> = z.infer<(typeof contentSchemas)[N]>;
export const contentNames = Object.keys(contentSchemas) as ContentName[];

const searchResult = z.object({ title: text, excerpt: z.string(), href: text, kind: text });
export type SearchResult = z.infer<typeof searchResult>;
export const searchResponse = z.object({ query: z.string(), results: z.array(searchResult) });
export type SearchResponse = z.infer<typeof searchResponse>;
