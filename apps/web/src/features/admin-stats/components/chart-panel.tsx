import { Table, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DashboardPanel } from '../../../components/dashboard-panel.tsx';

interface ChartDataTableProps {
  columns: readonly string[];
  rows: readonly (readonly string[])[];
}

/** A chart's figures as a table for screen readers: the drawing itself says nothing to them. */
export function ChartDataTable({ columns, rows }: ChartDataTableProps) {
  const { t } = useTranslation('admin');
  return (
    <VisuallyHidden>
      <Table>
        <caption>{t('dashboard.chartData')}</caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column}>{column}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row[0]}>
              {row.map((cell, index) => (
                // Cells of one row may repeat a value; their position is what tells them apart.
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed per table
                <Table.Td key={index}>{cell}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </VisuallyHidden>
  );
}

interface ChartPanelProps extends ChartDataTableProps {
  title: string;
  hint: string;
  chart: ReactNode;
}

/** A dashboard chart in its panel: the drawing hidden from screen readers, its figures as a table for them. */
export function ChartPanel({ title, hint, chart, columns, rows }: ChartPanelProps) {
  return (
    <DashboardPanel title={title} hint={hint}>
      <div aria-hidden="true">{chart}</div>
      <ChartDataTable columns={columns} rows={rows} />
    </DashboardPanel>
  );
}
