import { Button, Group, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import type { PhoneCountry } from '../lib/use-phone-country.ts';
import { useSecondsLeft } from '../lib/use-seconds-left.ts';
import { CountryCodeSelect } from './country-code-select.tsx';

/*
 * The two steps every phone form has (sign-in by SMS, a new number in account settings): the number, then
 * the code texted to it. One set of fields, so the two forms cannot drift apart; each form keeps its own
 * requests, its words and what it does with the answer.
 */

interface PhoneNumberFieldsProps {
  /** The form's `usePhoneCountry()`. */
  phoneCountry: PhoneCountry;
  /** A country was chosen: the form's `code` takes its dial code. */
  onDialCodeChange: (dialCode: string) => void;
  labels: { country: string; countryNotFound: string; phone: string };
  /** The form's `getInputProps('phone')`. */
  phoneInputProps: GetInputPropsReturnType;
  /** Whether the number takes the focus when shown (in the Login modal, where it is the first field). */
  autoFocus?: boolean;
}

/** The number step's fields: the country's dial code and the number as people write it. */
export function PhoneNumberFields({
  phoneCountry,
  onDialCodeChange,
  labels,
  phoneInputProps,
  autoFocus = false,
}: PhoneNumberFieldsProps) {
  return (
    <Group align="flex-start" gap="sm" wrap="wrap">
      <CountryCodeSelect
        countries={phoneCountry.countries}
        label={labels.country}
        nothingFoundMessage={labels.countryNotFound}
        value={phoneCountry.country}
        onChange={(chosen) => {
          phoneCountry.setCountry(chosen.code);
          onDialCodeChange(chosen.dial_code);
        }}
      />
      <TextInput
        label={labels.phone}
        type="tel"
        // The phone keypad, which has the spaces, brackets and dashes people write numbers with.
        inputMode="tel"
        autoComplete="tel-national"
        required
        flex={1}
        miw={180}
        data-autofocus={autoFocus || undefined}
        {...phoneInputProps}
      />
    </Group>
  );
}

interface PhoneCodeFieldsProps {
  labels: {
    code: string;
    /** Says where the code went. */
    codeDescription: string;
    changeNumber: string;
    resend: string;
    resendIn: (seconds: number) => string;
    submit: string;
  };
  /** The form's `getInputProps` for the code. */
  codeInputProps: GetInputPropsReturnType;
  onChangeNumber: () => void;
  /** When the server will take a new request for a code (a `Date.now()` time); "Resend code" counts down to it. */
  resendAt: number | null;
  onResend: () => void;
  resending: boolean;
  submitting: boolean;
  /**
   * Called once all six digits are in (typed, pasted or filled in from the SMS by the phone), so the code
   * goes without a further tap; a wrong one is said on the field and the next change tries again.
   */
  onComplete?: () => void;
}

/** The code step's fields: the six-digit code, going back to the number, resending, and the form's submit. */
export function PhoneCodeFields({
  labels,
  codeInputProps,
  onChangeNumber,
  resendAt,
  onResend,
  resending,
  submitting,
  onComplete,
}: PhoneCodeFieldsProps) {
  const resendSecondsLeft = useSecondsLeft(resendAt);
  return (
    <>
      <TextInput
        label={labels.code}
        description={labels.codeDescription}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        required
        data-autofocus
        {...codeInputProps}
        onChange={(event) => {
          codeInputProps.onChange(event);
          if (onComplete && !submitting && /^\d{6}$/.test(event.currentTarget.value.trim())) onComplete();
        }}
      />
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Button variant="subtle" px="xs" onClick={onChangeNumber}>
            {labels.changeNumber}
          </Button>
          <Button
            variant="subtle"
            px="xs"
            onClick={onResend}
            loading={resending}
            disabled={resendSecondsLeft > 0}
          >
            {resendSecondsLeft > 0 ? labels.resendIn(resendSecondsLeft) : labels.resend}
          </Button>
        </Group>
        <Button type="submit" loading={submitting}>
          {labels.submit}
        </Button>
      </Group>
    </>
  );
}
