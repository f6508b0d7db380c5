// Sign-in: e-mail and password. Says why the admin is here when the session expired or was ended.
import { useState, type FormEvent } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Alert, Button, Center, Paper, PasswordInput, Stack, Title } from '@mantine/core';
import { useSession } from './session-context';
import { EmailField } from '../ui/email-field';

export function SignInPage() {
  const { state, signIn } = useSession();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (state.status === 'signed-in') {
    const from = (location.state as { from?: string } | null)?.from ?? '/overview';
    return <Navigate to={from} replace />;
  }
  const notice = state.status === 'signed-out' ? state.notice : undefined;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await signIn(email.trim(), password);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Sign-in failed.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Center mih="100vh" p="md">
      <Paper component="main" withBorder shadow="sm" p="xl" w="100%" maw={420}>
        <form onSubmit={submit} noValidate>
          <Stack>
            <Title order={1} size="h2">
              Sign in to Gatehouse
            </Title>
            {notice && !error && (
              <Alert color="yellow" role="status">
                {notice}
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
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
