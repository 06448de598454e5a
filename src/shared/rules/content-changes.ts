import type { ContentFileName, ContentFiles } from '../api/content-files.ts';
import { languages } from '../i18n/languages.ts';

/** One text that differs between two versions: `field` is its path in the file (`cards.2.title`). */
export interface ContentChange {
  language: (typeof languages)[number];
  name: ContentFileName;
  field: string;
  before: unknown;
  after: unknown;
}

/** The fields of one file whose value differs, leaf by leaf; a list entry added or removed shows as one. */
export function fileChanges(
  before: unknown,
  after: unknown,
  field = '',
): Omit<ContentChange, 'language' | 'name'>[] {
  const bothObjects =
    typeof before === 'object' && before !== null && typeof after === 'object' && after !== null;
  if (!bothObjects) {
    return JSON.stringify(before) === JSON.stringify(after)
      ? []
      : [{ field: field || '(whole file)', before: before ?? null, after: after ?? null }];
  }
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].flatMap((key) =>
    fileChanges(
      (before as Record<string, unknown>)[key],
      (after as Record<string, unknown>)[key],
      field ? `${field}.${key}` : key,
    ),
  );
}

/** Every text that differs between two versions of the content, language by language and file by file. */
export function contentChanges(before: ContentFiles, after: ContentFiles): ContentChange[] {
  return languages.flatMap((language) => {
    const names = new Set([
      ...Object.keys(before[language] ?? {}),
      ...Object.keys(after[language] ?? {}),
    ]) as Set<ContentFileName>;
    return [...names].flatMap((name) =>
      fileChanges(before[language]?.[name], after[language]?.[name]).map((change) => ({
        language,
        name,
        ...change,
      })),
    );
  });
}
