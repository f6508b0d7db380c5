// "No account yet": the developer asks for access from the device page with their e-mail address, name
// and a password, and the code of the device they are signing in. The account waits for an admin; the
// device's request is approved on their behalf and goes through once an admin approves them.
import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { unwrap } from '../api/client';
import { NewPasswordFields, newPasswordProblem, type NewPassword } from '../ui/new-password';
import { developerApi, type SignedInDeveloper } from './developer-api';
import { EmailField } from '../ui/email-field';

export function AccessRequestForm(props: {
  code: string;
  onRequested(developer: SignedInDeveloper, csrf: string, code: string): void;
  onSignIn(): void;
}) {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<NewPassword>({ password: '', confirm: '' });
  const [code, setCode] = useState(props.code);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = newPasswordProblem(chosen);
    if (problem) return setError(problem);
    setBusy(true);
    setError(null);
    try {
      const body = {
        email: email.trim(),
        password: chosen.password,
        user_code: code.trim(),
        ...(name.trim() ? { name: name.trim() } : {}),
      };
      const data = unwrap(await developerApi.POST('/api/v1/developer/access-requests', { body }));
      props.onRequested(data.developer, data.csrf_token, code.trim());
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The request was not sent.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Title order={1} size="h2">
          Request access
        </Title>
        <Text size="sm">
          Ask your Gatehouse admins for a developer account. Your device is approved with the request; it can
          use the Gateway once an admin approves you.
        </Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <EmailField autoComplete="username" value={email} onChange={setEmail} />
        <TextInput
          label="Your name"
          autoComplete="name"
          maxLength={200}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <NewPasswordFields value={chosen} onChange={setChosen} />
        <TextInput
          label="Code shown in your terminal"
          required
          maxLength={20}
          autoComplete="off"
          ff="monospace"
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
        />
        <Button type="submit" loading={busy} disabled={!email || !chosen.password || !code.trim()}>
          Request access
        </Button>
        <Text size="sm">
          Have an account?{' '}
          <Anchor component="button" type="button" onClick={props.onSignIn}>
            Sign in
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
