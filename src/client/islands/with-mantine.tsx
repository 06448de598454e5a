import { MantineProvider } from '@mantine/core';
import type { ComponentType } from 'react';
import { cssVariablesResolver, theme } from '#client/app/theme.ts';

/**
 * The component inside the UI kit's provider, as its own root needs. The page already carries the
 * theme's CSS variables and global classes (the server's render), so this provider adds none.
 */
export function withMantine<P extends object>(Component: ComponentType<P>) {
  return function WithMantine(props: P) {
    return (
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        withCssVariables={false}
        withGlobalClasses={false}
      >
        <Component {...props} />
      </MantineProvider>
    );
  };
}
