import { rememberChosenLanguage } from '#client/lib/i18n/remember-language.ts';

/** The switcher's disclosure closes on Escape and on a click elsewhere, as a menu does. */
export function startSwitcher(island: HTMLElement) {
  const details = island.querySelector('details');
  if (!details) return;
  island.addEventListener('click', rememberChosenLanguage);
  details.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !details.open) return;
    details.open = false;
    details.querySelector('summary')?.focus();
  });
  document.addEventListener('click', (event) => {
    if (details.open && !details.contains(event.target as Node)) details.open = false;
  });
}
