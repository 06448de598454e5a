import { BRAND_IMAGE_SRCS } from '#shared/api/brand-images.ts';
import type { ContentFiles } from '#shared/api/content-files.ts';

const found = new WeakMap<ContentFiles, Set<string>>();

/** The keys of the brand images a content version names, found once per version. */
export function brandImageKeysIn(files: ContentFiles): Set<string> {
  let keys = found.get(files);
  if (!keys) {
    keys = new Set([...JSON.stringify(files).matchAll(BRAND_IMAGE_SRCS)].map((match) => match[1] ?? ''));
    found.set(files, keys);
  }
  return keys;
}
