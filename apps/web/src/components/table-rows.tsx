import { Group, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** The one row a back-office table shows when it has nothing to list: the text, dimmed, across every column. */
export function TableEmptyRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={columns}>
        <Text c="dimmed">{children}</Text>
      </Table.Td>
    </Table.Tr>
  );
}

/** A row's buttons, side by side on one line: the table scrolls sideways rather than wrap them. */
export function TableActionsCell({ children }: { children: ReactNode }) {
  return (
    <Table.Td>
      <Group gap="xs" wrap="nowrap">
        {children}
      </Group>
    </Table.Td>
  );
}
