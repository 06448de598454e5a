// Writes the two tiny fonts that draw the language switcher's 简体中文 and தமிழ் on a device with no
// font for their script: each holds only the glyphs of that one name. Run after renaming a language:
//   npm run fonts:language-names
import fs from 'node:fs';
import subsetFont from 'subset-font';
import { fontFiles } from '../src/server/features/e-cert-pdf/noto-font-files.ts';
import { languageNames } from '../src/shared/i18n/languages.ts';

// The fonts the e-Cert PDF draws these scripts with.
const fonts = { 'zh-Hans': fontFiles.chinese, ta: fontFiles.tamil } as const;

for (const [language, font] of Object.entries(fonts) as [keyof typeof fonts, () => string][]) {
  const subset = await subsetFont(fs.readFileSync(font()), languageNames[language], {
    targetFormat: 'woff2',
  });
  const file = new URL(
    `../src/client/app/fonts/language-name-${language.toLowerCase()}.woff2`,
    import.meta.url,
  );
  fs.writeFileSync(file, subset);
  console.log(`${file.pathname}: ${subset.length} bytes`);
}
