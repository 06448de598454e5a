import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * The message catalogs of the public site. `npm run lint` extracts every message into the catalogs
 * and compiles them strictly, so a message without a translation fails it.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'zh-Hans', 'ms', 'ta'],
  catalogs: [
    { path: '<rootDir>/src/locales/{locale}', include: ['<rootDir>/src/server/features/e-cert-pdf'] },
  ],
  format: formatter({ lineNumbers: false }),
  compileNamespace: 'ts',
});
