import { type I18n, type Messages, setupI18n } from '@lingui/core';
import type { Language } from '#shared/i18n/languages.ts';
import { messages as en } from '../../locales/en.ts';
import { messages as ms } from '../../locales/ms.ts';
import { messages as ta } from '../../locales/ta.ts';
import { messages as zhHans } from '../../locales/zh-Hans.ts';

const catalogs: Record<Language, Messages> = { en, 'zh-Hans': zhHans, ms, ta };

/**
 * A new i18n instance in `language`. One per request, never one shared by all: a shared instance
 * switched by one request would speak its language to another answered meanwhile.
 */
export const i18nFor = (language: Language): I18n =>
  setupI18n({ locale: language, messages: { [language]: catalogs[language] } });
