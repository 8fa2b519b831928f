import { Card, type MantineSpacing, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface AccountSectionProps {
  /** The heading's id, which names the section for screen readers. */
  headingId: string;
  heading: string;
  padding?: MantineSpacing;
  gap?: MantineSpacing;
  children: ReactNode;
}

/** One card of the account settings: a section named by its heading. */
export function AccountSection({
  headingId,
  heading,
  padding = 'xl',
  gap = 'sm',
  children,
}: AccountSectionProps) {
  return (
    <Card withBorder radius="md" padding={padding} component="section" aria-labelledby={headingId}>
      <Stack gap={gap}>
        <Title order={2} fz="h3" id={headingId}>
          {heading}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}
