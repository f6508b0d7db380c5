// The e-mail address field of every sign-in, invitation and access-request form: one set of rules
// (an address is at most 254 characters, RFC 5321) and one label, so that tests and screen readers find
// it the same way everywhere.
import { TextInput, type TextInputProps } from '@mantine/core';

export function EmailField({
  value,
  onChange,
  ...rest
}: { value: string; onChange: (value: string) => void } & Omit<TextInputProps, 'value' | 'onChange'>) {
  return (
    <TextInput
      label="E-mail address"
      type="email"
      required
      maxLength={254}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      {...rest}
    />
  );
}
