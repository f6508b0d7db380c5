// The provider's secret, typed or pasted into a password field: never shown, never kept after the
// dialog closes. Spaces around a pasted key are dropped; spaces inside one are a paste gone wrong.
import { PasswordInput } from '@mantine/core';

export const cleanSecret = (typed: string) => typed.trim();

export function secretError(typed: string): string | null {
  const s = cleanSecret(typed);
  if (s === '') return null;
  if (/\s/.test(s)) return 'A key has no spaces or line breaks inside it: check what was pasted.';
  if (s.length < 8) return 'A provider key is at least 8 characters long.';
  return null;
}

export const secretReady = (typed: string) => cleanSecret(typed) !== '' && secretError(typed) === null;

export function SecretInput(props: {
  label: string;
  description: string;
  value: string;
  onChange(value: string): void;
  autoFocus?: boolean;
}) {
  return (
    <PasswordInput
      label={props.label}
      description={props.description}
      required
      autoComplete="off"
      spellCheck={false}
      maxLength={4096}
      value={props.value}
      onChange={(e) => props.onChange(e.currentTarget.value)}
      error={secretError(props.value)}
      {...(props.autoFocus ? { 'data-autofocus': true } : {})}
    />
  );
}
