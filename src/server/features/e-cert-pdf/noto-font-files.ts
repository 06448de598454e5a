import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** Noto fonts (SIL Open Font License) from npm: one per script a holder's name may be written in. */
export const fontFiles = {
  latin: () => require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
  latinBold: () => require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'),
  chinese: () => require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'),
  tamil: () => require.resolve('@expo-google-fonts/noto-sans-tamil/400Regular/NotoSansTamil_400Regular.ttf'),
} as const;
