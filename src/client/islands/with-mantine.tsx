import { MantineProvider } from '@mantine/core';
import type { ComponentType } from 'react';
import { cssVariablesResolver, theme } from '#client/app/theme.ts';

// The page already carries the theme's CSS variables and global classes from the server's render.
const provided = { theme, cssVariablesResolver, withCssVariables: false, withGlobalClasses: false };

/** The component inside the UI kit's provider, as its own root needs. */
export function withMantine<P extends object>(Component: ComponentType<P>) {
  return function WithMantine(props: P) {
    return (
      <MantineProvider {...provided}>
        <Component {...props} />
      </MantineProvider>
    );
  };
}
