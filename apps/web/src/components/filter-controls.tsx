import { Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { DayInput } from './day-input.tsx';

/*
 * The pieces every server-filtered list's filter bar is made of (the back office's orders, the admin's
 * payments and audit log), so they look and behave alike; each bar chooses its own filters and layout.
 */

interface FilterSearchProps {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
}

/** The bar's search box, labelled, sent as the person types (see lib/use-url-filters.ts). */
export function FilterSearch({ label, placeholder, value, onChange, maxLength }: FilterSearchProps) {
  return (
    <TextInput
      type="search"
      label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden="true" />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      maxLength={maxLength}
    />
  );
}

interface DayRangeFilterProps {
  labels: { from: string; to: string };
  /** YYYY-MM-DD, or undefined for no bound. */
  from: string | undefined;
  to: string | undefined;
  onChange: (bound: 'from' | 'to', value: string | null) => void;
}

/** From and To days, each bounding the other's calendar so the range cannot be turned around. */
export function DayRangeFilter({ labels, from, to, onChange }: DayRangeFilterProps) {
  return (
    <>
      <DayInput
        label={labels.from}
        value={from ?? null}
        maxDate={to}
        onChange={(value) => onChange('from', value)}
      />
      <DayInput
        label={labels.to}
        value={to ?? null}
        minDate={from}
        onChange={(value) => onChange('to', value)}
      />
    </>
  );
}

interface FilterSelectProps {
  label: string;
  /** What no choice means ('All statuses'). */
  placeholder: string;
  data: readonly { value: string; label: string }[];
  value: string | null;
  onChange: (value: string | null) => void;
  /** The clear button's name for screen readers ('Clear status'). */
  clearLabel: string;
  /** For long lists (pujas, monasteries): typing narrows the choices. */
  searchable?: boolean;
}

/** One of the bar's choices; clearing it (its labelled × button) goes back to all. */
export function FilterSelect({
  label,
  placeholder,
  data,
  value,
  onChange,
  clearLabel,
  searchable = false,
}: FilterSelectProps) {
  return (
    <Select
      label={label}
      placeholder={placeholder}
      data={[...data]}
      value={value}
      onChange={onChange}
      searchable={searchable}
      clearable
      clearButtonProps={{ 'aria-label': clearLabel }}
    />
  );
}
