// The first-run page that the one-time setup link printed at first start opens: it creates the owner
// through POST /api/v1/setup, which also signs the owner in.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { api, unwrap } from '../api/client';
import { useSession } from '../session/session-context';
import { takeSetupToken } from './setup-token';

export function SetupPage() {
  const { adopt } = useSession();
  const [token] = useState(takeSetupToken);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(
    token ? null : 'This page needs the one-time setup link that Gatehouse printed when it started.',
  );
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!token) return;
    if (password.length < 12) return setError('The password must be at least 12 characters long.');
    if (password !== confirm) return setError('The two passwords differ.');
    setBusy(true);
    setError(null);
    try {
      const data = unwrap(
        await api.POST('/api/v1/setup', { body: { token, email: email.trim(), password } }),
      );
      adopt(data.admin, data.csrf_token);
      setDone(true);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Setup failed.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Center mih="100vh" p="md">
      <Paper component="main" withBorder shadow="sm" p="xl" w="100%" maw={460}>
        {done ? (
          <Stack>
            <Title order={1} size="h2">
              You are the owner
            </Title>
            <Text>You are signed in. Create API credentials for the systems that call Gatehouse.</Text>
            <Button component={Link} to="/credentials">
              Open the console
            </Button>
          </Stack>
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack>
              <Title order={1} size="h2">
                Set up Gatehouse
              </Title>
              <Text size="sm">
                Create the owner account. This link works once; the owner can invite other admins afterwards.
              </Text>
              {error && (
                <Alert color="red" role="alert">
                  {error}
                </Alert>
              )}
              <TextInput
                label="E-mail address"
                type="email"
                autoComplete="username"
                required
                value={email}
                onChange={(e) => setEmail(e.currentTarget.value)}
              />
              <PasswordInput
                label="Password (at least 12 characters)"
                autoComplete="new-password"
                required
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
              />
              <PasswordInput
                label="Password, again"
                autoComplete="new-password"
                required
                value={confirm}
                onChange={(e) => setConfirm(e.currentTarget.value)}
              />
              <Button type="submit" loading={busy} disabled={!token}>
                Create the owner account
              </Button>
            </Stack>
          </form>
        )}
      </Paper>
    </Center>
  );
}
