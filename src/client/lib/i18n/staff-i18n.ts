import { setupI18n } from '@lingui/core';
import { messages } from '../../locales/en.ts';

/** The staff app speaks English only; components it shares with public pages read their texts here. */
export const staffI18n = setupI18n({ locale: 'en', messages: { en: messages } });
