import { Box, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface RecordField {
  label: string;
  value: ReactNode;
}

interface RecordCardsProps<Row> {
  /** What the list is, for screen readers (the table's own label). */
  label: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** The card's first line, as the row's name reads in the table. */
  title: (row: Row) => ReactNode;
  /** The other columns, each with its header as the label. */
  fields?: (row: Row) => readonly RecordField[];
  /** The row's buttons, shown whole under its fields (never behind a sideways scroll). */
  actions?: (row: Row) => ReactNode;
  /** Beside the title: a picture, a badge. */
  aside?: (row: Row) => ReactNode;
  emptyText: string;
}

/**
 * A back-office table as a list of cards, for phones (`useCardLayout`): every column's header beside its
 * value, the actions at the bottom and wrapping, so nothing needs a sideways scroll at 360 px.
 */
export function RecordCards<Row>({
  label,
  rows,
  rowKey,
  title,
  fields,
  actions,
  aside,
  emptyText,
}: RecordCardsProps<Row>) {
  if (rows.length === 0) {
    return (
      <Text c="dimmed" role="status">
        {emptyText}
      </Text>
    );
  }
  return (
    <Stack component="ul" aria-label={label} gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
      {rows.map((row) => (
        <Paper component="li" key={rowKey(row)} withBorder radius="md" p="sm">
          <Stack gap="xs">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <Box style={{ minWidth: 0, overflowWrap: 'anywhere' }}>{title(row)}</Box>
              {aside?.(row)}
            </Group>
            {(fields?.(row).length ?? 0) > 0 && (
              <Box component="dl" m={0}>
                {fields?.(row).map((field) => (
                  <Group key={field.label} gap="xs" align="baseline" wrap="wrap">
                    <Text component="dt" size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                      {field.label}
                    </Text>
                    <Box component="dd" m={0} fz="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                      {field.value}
                    </Box>
                  </Group>
                ))}
              </Box>
            )}
            {actions && (
              <Group gap="xs" wrap="wrap">
                {actions(row)}
              </Group>
            )}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
