import type { ContentFiles } from '#shared/api/content-files.ts';
import type { ContentInLanguage, ResolvedContent, SiteContent } from '#shared/api/site-content.ts';
import type { Language } from '#shared/i18n/languages.ts';

/**
 * The content this instance serves, swapped whole when a new version is published. Readers take
 * `site`, `pages` or `inLanguage()` on each request, so they always see one version, never a mix.
 */
export class LiveContent implements ResolvedContent {
  constructor(
    private resolved: ResolvedContent,
    /** The files it was resolved from: what a new version starts from. */
    public files: ContentFiles,
    /** 0: the `content/` files, before anything is published from the dashboard. */
    public version = 0,
  ) {}

  get site() {
    return this.resolved.site;
  }

  get pages(): SiteContent {
    return this.resolved.pages;
  }

  inLanguage(language: Language): ContentInLanguage {
    return this.resolved.inLanguage(language);
  }

  replace(version: number, files: ContentFiles, resolved: ResolvedContent) {
    this.resolved = resolved;
    this.files = files;
    this.version = version;
  }
}
