import { Group, Select } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { CountryDialCode } from '../lib/country-dial-codes.ts';
import flagClasses from './country-flag.module.css';

// Every country's flag is most of a phone form's weight: they load beside the form, not before it.
const CountryFlag = lazy(() => import('./country-flag.tsx'));

/** A country's flag, or an empty frame of its size while the flags load. */
function DialCodeFlag({ code }: { code: string }) {
  return (
    <Suspense fallback={<span className={flagClasses.flag} aria-hidden="true" />}>
      <CountryFlag code={code} />
    </Suspense>
  );
}

interface CountryCodeSelectProps {
  /** The countries of `listCountryDialCodes`, the one list every phone form offers. */
  countries: readonly CountryDialCode[];
  label: string;
  nothingFoundMessage: string;
  /** The chosen country's code (NP). */
  value: string;
  onChange: (country: CountryDialCode) => void;
}

/**
 * The country a phone number belongs to, for every form that asks for a number (sign-in, a new number in
 * account settings), so the two cannot drift apart: searchable by dial code and name, each with its flag.
 */
export function CountryCodeSelect({
  countries,
  label,
  nothingFoundMessage,
  value,
  onChange,
}: CountryCodeSelectProps) {
  return (
    <Select
      label={label}
      data={countries.map((country) => ({
        value: country.code,
        label: `${country.dial_code} ${country.name}`,
      }))}
      // The flag is an image beside the text, never an emoji in it: the dial code and the country's
      // name are what is searched and read out.
      renderOption={({ option }) => (
        <Group gap="xs" wrap="nowrap">
          <DialCodeFlag code={option.value} />
          <span>{option.label}</span>
        </Group>
      )}
      leftSection={<DialCodeFlag code={value} />}
      value={value}
      onChange={(code) => {
        const country = countries.find((entry) => entry.code === code);
        if (country) onChange(country);
      }}
      searchable
      allowDeselect={false}
      nothingFoundMessage={nothingFoundMessage}
      w={{ base: '100%', xs: 200 }}
    />
  );
}
