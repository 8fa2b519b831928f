import { Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

interface DashboardPanelProps {
  title: string;
  hint?: string;
  children: ReactNode;
}

/** One titled card of the dashboard, a landmark screen readers can jump to. */
export function DashboardPanel({ title, hint, children }: DashboardPanelProps) {
  const headingId = useId();
  return (
    <Paper withBorder radius="md" p="md" h="100%" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id={headingId}>
            {title}
          </Title>
          {hint && (
            <Text size="sm" c="dimmed">
              {hint}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}
