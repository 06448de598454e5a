import { type Language, pathIn } from '#shared/i18n/languages.ts';
import { currentRender } from './render-context.server.ts';

/** The language of the page the server is rendering: its URL's prefix (entry-server.tsx). */
export const pageLanguage = (): Language => currentRender().language;

/** A path of the site in the page's language, for a plain link outside the router. */
export const pageHref = (path: string) => pathIn(pageLanguage(), path);
