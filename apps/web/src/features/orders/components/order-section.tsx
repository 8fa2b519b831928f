import { Paper, Stack, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/** A titled part of the page, named by its heading for screen readers' region list. */
export function Section({ heading, children }: { heading: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
    >
      <Stack gap="sm">
        <Title order={2} fz="h4" id={headingId}>
          {heading}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
