import { MantineProvider } from '@mantine/core';
import { cssVariablesResolver, theme } from './theme.ts';

/**
 * The <style> elements Mantine writes (the theme's CSS variables and its global classes): in the head of a
 * page rendered on the server (entry-server.tsx), and at the top of a page the browser renders from the
 * shell (main.tsx loads this module for it). Out of the first page's code: `AppProviders` gives the
 * components their context without them (docs/decisions/050).
 */
export function MantineStyleElements({ styleNonce }: { styleNonce?: string | undefined }) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      getStyleNonce={styleNonce ? () => styleNonce : undefined}
    >
      {null}
    </MantineProvider>
  );
}
