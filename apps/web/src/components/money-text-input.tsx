import { Text, TextInput, type TextInputProps } from '@mantine/core';
import { currencySymbol } from '../lib/format';
import { padMoneyInputText } from '../lib/money-input';

type MoneyTextInputProps = Omit<TextInputProps, 'value' | 'onChange' | 'leftSection' | 'inputMode'> & {
  currency: string;
  value: string;
  onChange: (text: string) => void;
};

/**
 * A money field kept as text while the person types (the form checks it when sent): the currency's
 * symbol before it, a decimal keyboard, and the currency's digits once the field is left ("2.4"
 * reads "2.40"), as every amount elsewhere in the app reads.
 */
export function MoneyTextInput({ currency, value, onChange, onBlur, ...others }: MoneyTextInputProps) {
  return (
    <TextInput
      {...others}
      inputMode="decimal"
      leftSection={<Text size="sm">{currencySymbol(currency)}</Text>}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={(event) => {
        const padded = padMoneyInputText(value, currency);
        if (padded !== value) onChange(padded);
        onBlur?.(event);
      }}
    />
  );
}
