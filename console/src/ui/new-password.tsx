// Choosing a password (the setup link, an invitation, asking for access): typed twice, 12 characters
// or more, as the API's rule for admins and developers says; the form checks both before sending.
import { PasswordInput } from '@mantine/core';

export interface NewPassword {
  password: string;
  confirm: string;
}

/** What is wrong with the typed pair, in a sentence, or null. */
export function newPasswordProblem({ password, confirm }: NewPassword): string | null {
  if (password.length < 12) return 'The password must be at least 12 characters long.';
  if (password !== confirm) return 'The two passwords differ.';
  return null;
}

export function NewPasswordFields(props: { value: NewPassword; onChange(value: NewPassword): void }) {
  const { value, onChange } = props;
  return (
    <>
      <PasswordInput
        label="Password (at least 12 characters)"
        autoComplete="new-password"
        required
        value={value.password}
        onChange={(e) => onChange({ ...value, password: e.currentTarget.value })}
      />
      <PasswordInput
        label="Password, again"
        autoComplete="new-password"
        required
        value={value.confirm}
        onChange={(e) => onChange({ ...value, confirm: e.currentTarget.value })}
      />
    </>
  );
}
