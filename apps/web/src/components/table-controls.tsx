import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

interface TableSearchProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
}

/** Filters a back-office table as the administrator types. */
export function TableSearch({ label, value, onChange }: TableSearchProps) {
  return (
    <TextInput
      type="search"
      aria-label={label}
      placeholder={label}
      leftSection={<IconSearch size={16} aria-hidden="true" />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
