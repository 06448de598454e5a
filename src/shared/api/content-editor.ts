import { z } from 'zod';
import { languages } from '../i18n/languages.ts';
import { contentFileNames } from './content-files.ts';

export const contentFileParams = z.object({
  language: z.enum(languages, { error: `Language must be one of ${languages.join(', ')}` }),
  name: z.enum(contentFileNames, { error: `Page must be one of ${contentFileNames.join(', ')}` }),
});

/**
 * What an editor saw when they opened a file: its draft's stamp, or `v<version>` for the published
 * file. Saving with any other stamp means someone else changed it meanwhile.
 */
const stamp = z.string().min(1).max(64);

const draftView = z.object({ body: z.unknown(), updatedBy: z.string(), updatedAt: z.string() });

/** One file as the editor opens it: published, its draft if any, and the English beside a translation. */
export const contentFileView = z.object({
  language: z.enum(languages),
  name: z.enum(contentFileNames),
  version: z.number().int(),
  /** Null when a translation lacks the file and English stands in. */
  published: z.unknown(),
  english: z.unknown(),
  draft: draftView.nullable(),
  stamp,
});
export type ContentFileView = z.infer<typeof contentFileView>;

export const contentOverview = z.object({
  version: z.number().int(),
  drafts: z.array(
    z.object({
      language: z.enum(languages),
      name: z.enum(contentFileNames),
      updatedBy: z.string(),
      updatedAt: z.string(),
    }),
  ),
});
export type ContentOverview = z.infer<typeof contentOverview>;

export const saveDraftInput = z.object({ body: z.unknown(), stamp });
export const savedDraft = z.object({ stamp });

/** Publishing and restoring name the version they were asked on: a newer one means someone else published. */
export const publishInput = z.object({ version: z.number().int().min(0) });

const versionSummary = z.object({
  version: z.number().int(),
  publishedAt: z.string(),
  publishedBy: z.string().nullable(),
  restoredFrom: z.number().int().nullable(),
});
export const versionList = z.object({ current: z.number().int(), items: z.array(versionSummary) });
export type VersionList = z.infer<typeof versionList>;

export const versionParams = z.object({ version: z.coerce.number().int().min(0) });

const contentChange = z.object({
  language: z.enum(languages),
  name: z.enum(contentFileNames),
  field: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
/** A version and what it changed from the one before. */
export const versionDetail = versionSummary.extend({ changes: z.array(contentChange) });
export type VersionDetail = z.infer<typeof versionDetail>;

export const previewQuery = z.object({
  path: z
    .string()
    .regex(/^\/[^/\\]/, { error: 'Path must be a page of the site, such as /courses' })
    .or(z.literal('/'))
    .default('/'),
});

/**
 * A translated file's review: `prepared` (never approved, or the translation changed since),
 * `approved`, or `outdated` (the English changed since approval; `changes` says how).
 */
const translationReview = z.object({
  language: z.enum(languages),
  name: z.enum(contentFileNames),
  state: z.enum(['prepared', 'approved', 'outdated']),
  approvedBy: z.string().nullable(),
  approvedAt: z.string().nullable(),
  changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
});
export type TranslationReview = z.infer<typeof translationReview>;
export const translationReviews = z.object({ items: z.array(translationReview) });
export type TranslationReviews = z.infer<typeof translationReviews>;
export const reviewParams = contentFileParams.extend({
  language: z.enum(languages.filter((l) => l !== 'en') as ['zh-Hans', 'ms', 'ta'], {
    error: 'Only a translation is reviewed',
  }),
});
