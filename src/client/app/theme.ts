import type {
  CSSVariablesResolver,
  DrawerHeaderProps,
  MantineThemeComponent,
  ModalHeaderProps,
  PasswordInputProps,
} from '@mantine/core';
import { createTheme } from '@mantine/core';

/**
 * A component's theme defaults as a plain object. `Component.extend()` checks the same but imports
 * the component, which would put the password field into every page's first scripts.
 */
const defaultsOf = <Props>(defaultProps: Partial<Props>): MantineThemeComponent => ({ defaultProps });

// Mantine's default primary shade (6) fails WCAG AA contrast on white; shade 8 passes 4.5:1.
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 8,
  defaultRadius: 'md',
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', Arial, sans-serif",
  headings: { fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', Arial, sans-serif" },
  components: {
    // Modal and drawer headers render <header>; in a portal that is a second "banner" landmark.
    ModalHeader: defaultsOf<ModalHeaderProps>({ role: 'presentation' }),
    DrawerHeader: defaultsOf<DrawerHeaderProps>({ role: 'presentation' }),
    // Mantine keeps the show/hide toggle out of the tab order; keyboard users need it too.
    PasswordInput: defaultsOf<PasswordInputProps>({
      visibilityToggleFocusable: true,
      visibilityToggleButtonProps: { 'aria-label': 'Show password' },
    }),
  },
});

// The default dimmed (gray 6) and error (red 6) texts fail WCAG AA contrast on white.
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
