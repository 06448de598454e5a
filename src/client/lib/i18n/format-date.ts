import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { formatDateIn } from '#shared/format-date.ts';
import { defaultLanguage, isLanguage } from '#shared/i18n/languages.ts';

/** A date as the page's language writes it: English keeps "12 Mar 2024". */
export const dateIn = (i18n: I18n, isoDate: string | null | undefined) =>
  formatDateIn(isLanguage(i18n.locale) ? i18n.locale : defaultLanguage, isoDate);

/** `dateIn` for a component, in the language of the texts around it. */
export function useFormatDate() {
  const { i18n } = useLingui();
  return (isoDate: string | null | undefined) => dateIn(i18n, isoDate);
}
