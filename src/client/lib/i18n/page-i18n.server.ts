import { type I18n, type Messages, setupI18n } from '@lingui/core';
import type { Language } from '#shared/i18n/languages.ts';
import { messages as en } from '../../locales/en.ts';
import { messages as ms } from '../../locales/ms.ts';
import { messages as ta } from '../../locales/ta.ts';
import { messages as zhHans } from '../../locales/zh-Hans.ts';

const catalogs: Record<Language, Messages> = { en, 'zh-Hans': zhHans, ms, ta };

/**
 * A new i18n instance for one render of a public page. Never one shared by renders: one switched
 * to another language would speak it in a page rendered meanwhile.
 */
export const pageI18nIn = (language: Language): I18n =>
  setupI18n({ locale: language, messages: { [language]: catalogs[language] } });
