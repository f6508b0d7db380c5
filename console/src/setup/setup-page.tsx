// The first-run page that the one-time setup link printed at first start opens: it creates the owner
// through POST /api/v1/setup, which also signs the owner in.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { api, unwrap } from '../api/client';
import { useSession } from '../session/session-context';
import { takeLinkToken } from '../ui/link-token';
import { NewPasswordFields, newPasswordProblem, type NewPassword } from '../ui/new-password';
import { EmailField } from '../ui/email-field';

export function SetupPage() {
  const { adopt } = useSession();
  const [token] = useState(takeLinkToken);
  const [email, setEmail] = useState('');
  const [chosen, setChosen] = useState<NewPassword>({ password: '', confirm: '' });
  const [error, setError] = useState<string | null>(
    token ? null : 'This page needs the one-time setup link that Gatehouse printed when it started.',
  );
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!token) return;
    const problem = newPasswordProblem(chosen);
    if (problem) return setError(problem);
    setBusy(true);
    setError(null);
    try {
      const data = unwrap(
        await api.POST('/api/v1/setup', { body: { token, email: email.trim(), password: chosen.password } }),
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
            <Text>
              You are signed in. The overview&apos;s checklist shows what to set up next: a provider key, your
              developers and their devices, and the policy.
            </Text>
            <Button component={Link} to="/overview">
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
              <EmailField autoComplete="username" value={email} onChange={setEmail} />
              <NewPasswordFields value={chosen} onChange={setChosen} />
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
