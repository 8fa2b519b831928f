import { Skeleton, Table } from '@mantine/core';

/** The shape of a table's rows while its data loads, so the page does not jump when it arrives. */
export function TableSkeletonRows({ rows, columns }: { rows: number; columns: number }) {
  return Array.from({ length: rows }, (_, row) => (
    // Skeleton rows and cells have no identity; their position is their key.
    // biome-ignore lint/suspicious/noArrayIndexKey: see above
    <Table.Tr key={row} aria-hidden="true">
      {Array.from({ length: columns }, (_, cell) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Table.Td key={cell}>
          <Skeleton height={16} />
        </Table.Td>
      ))}
    </Table.Tr>
  ));
}
