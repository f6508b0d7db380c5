// The developer's sign-in on the device page: their e-mail address and the password they chose when
// they accepted their invitation or asked for access. Not the admins' sign-in: a developer session
// opens only the device approval routes.
import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { EmailField } from '../ui/email-field';

export function DeveloperSignInForm(props: {
  notice?: string | undefined;
  signIn(email: string, password: string): Promise<void>;
  onRequestAccess(): void;
}) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await props.signIn(email.trim(), password);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Sign-in failed.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Title order={1} size="h2">
          Sign in a device
        </Title>
        <Text size="sm">
          Your terminal is signing this machine in to Gatehouse. Sign in as a developer to see the request and
          approve it.
        </Text>
        {props.notice && !error && (
          <Alert color="yellow" role="status">
            {props.notice}
          </Alert>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <EmailField autoComplete="username" value={email} onChange={setEmail} />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        <Button type="submit" loading={busy} disabled={!email || !password}>
          Sign in
        </Button>
        <Text size="sm">
          No account yet?{' '}
          <Anchor component="button" type="button" onClick={props.onRequestAccess}>
            Request access
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
