// Writes the two tiny fonts that draw the language switcher's 简体中文 and தமிழ் on a device with no
// font for their script: each holds only the glyphs of that one name. Run after renaming a language:
//   npm run fonts:language-names
import fs from 'node:fs';
import { createRequire } from 'node:module';
import subsetFont from 'subset-font';
import { languageNames } from '../src/shared/i18n/languages.ts';

const require = createRequire(import.meta.url);
const fonts = {
  'zh-Hans': '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  ta: '@expo-google-fonts/noto-sans-tamil/400Regular/NotoSansTamil_400Regular.ttf',
} as const;

for (const [language, font] of Object.entries(fonts) as [keyof typeof fonts, string][]) {
  const subset = await subsetFont(fs.readFileSync(require.resolve(font)), languageNames[language], {
    targetFormat: 'woff2',
  });
  const file = new URL(
    `../src/client/app/fonts/language-name-${language.toLowerCase()}.woff2`,
    import.meta.url,
  );
  fs.writeFileSync(file, subset);
  console.log(`${file.pathname}: ${subset.length} bytes`);
}
