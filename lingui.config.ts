import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';
import { defaultLanguage, languages } from './src/shared/i18n/languages.ts';

/**
 * The message catalogs of the public site. `npm run lint` extracts every message into the catalogs
 * and compiles them strictly, so a message without a translation fails it.
 */
export default defineConfig({
  sourceLocale: defaultLanguage,
  locales: [...languages],
  catalogs: [
    // The server's texts: the PDFs' (e-Certs and verifiers' reports), and the credential checker's lines.
    {
      path: '<rootDir>/src/locales/{locale}',
      include: [
        '<rootDir>/src/server/features/e-cert-pdf',
        '<rootDir>/src/server/features/credentials',
        '<rootDir>/src/server/features/verifiers',
      ],
    },
    // The public pages' texts: the browser fetches the catalog of the page's language only.
    { path: '<rootDir>/src/client/locales/{locale}', include: ['<rootDir>/src/client'] },
  ],
  format: formatter({ lineNumbers: false }),
  // By file and place in it, so that extracting in parallel writes the same catalog each time (the
  // server's messages have no text apart from their id to sort by), a reviewer reading them in order.
  orderBy: 'origin',
  compileNamespace: 'ts',
});
