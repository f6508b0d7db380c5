// The page an invitation link opens (/console/accept#token=ghiv_…). It reads the token from the
// fragment (never sent in a URL), asks the API what the invitation is for, and accepts it with a
// password (and a developer's name). An admin ends signed in to the console, as the setup link does; a
// developer ends with what to do next on their machine. A link the API refuses (used, expired,
// replaced: 410) is explained in the API's own words.
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Center, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { api, unwrap, type Developer } from '../api/client';
import { useSession } from '../session/session-context';
import { onLinkTokenChange, takeLinkToken } from '../ui/link-token';
import { Loading } from '../ui/states';
import { NewPasswordFields, newPasswordProblem, type NewPassword } from '../ui/new-password';
import { formatDateTime } from '../credentials/format';
import { ClientNextSteps } from './client-next-steps';

type Invitation = NonNullable<Awaited<ReturnType<typeof inspect>>>;

async function inspect(token: string) {
  return unwrap(await api.POST('/api/v1/invitations/inspect', { body: { token } }));
}

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <Center mih="100vh" p="md">
      <Paper component="main" withBorder shadow="sm" p="xl" w="100%" maw={520}>
        {children}
      </Paper>
    </Center>
  );
}

export function AcceptPage() {
  const [token, setToken] = useState(takeLinkToken);
  const [developer, setDeveloper] = useState<Developer | null>(null);
  const [admin, setAdmin] = useState(false);
  // Another link pasted into this tab changes only the fragment: start again with its token.
  useEffect(
    () =>
      onLinkTokenChange((t) => {
        setToken(t);
        setDeveloper(null);
        setAdmin(false);
      }),
    [],
  );
  const invitation = useQuery({
    queryKey: ['invitation', token],
    enabled: token !== null,
    staleTime: Infinity,
    retry: false,
    queryFn: () => inspect(token!),
  });

  if (!token)
    return (
      <Frame>
        <Refused message="This page needs the invitation link you were sent: open the link from the e-mail or message again." />
      </Frame>
    );
  if (admin)
    return (
      <Frame>
        <Stack>
          <Title order={1} size="h2">
            You are signed in
          </Title>
          <Text>Your admin account is ready, and you are signed in to the console.</Text>
          <Button component={Link} to="/overview">
            Open the console
          </Button>
        </Stack>
      </Frame>
    );
  if (developer)
    return (
      <Frame>
        <Stack>
          <Title order={1} size="h2">
            Your account is ready
          </Title>
          <Text size="sm">
            Welcome{developer.name ? `, ${developer.name}` : ''}. Sign each machine you use AI tools on in to
            Gatehouse, as {developer.email}:
          </Text>
          <ClientNextSteps />
        </Stack>
      </Frame>
    );
  return (
    <Frame>
      {invitation.isPending ? (
        <Loading label="Reading your invitation…" />
      ) : invitation.isError ? (
        <Refused message={invitation.error.message} />
      ) : (
        <AcceptForm
          key={token}
          token={token}
          invitation={invitation.data}
          onAdmin={() => setAdmin(true)}
          onDeveloper={setDeveloper}
        />
      )}
    </Frame>
  );
}

function Refused({ message }: { message: string }) {
  return (
    <Stack>
      <Title order={1} size="h2">
        This invitation cannot be used
      </Title>
      <Alert color="red" role="alert">
        {message}
      </Alert>
    </Stack>
  );
}

function AcceptForm(props: {
  token: string;
  invitation: Invitation;
  onAdmin(): void;
  onDeveloper(d: Developer): void;
}) {
  const { adopt } = useSession();
  const { kind, email, role, expires_at } = props.invitation;
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<NewPassword>({ password: '', confirm: '' });
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
        token: props.token,
        password: chosen.password,
        ...(kind === 'developer' && name.trim() ? { name: name.trim() } : {}),
      };
      const data = unwrap(await api.POST('/api/v1/invitations/accept', { body }));
      if (data.kind === 'admin') {
        adopt(data.admin, data.csrf_token);
        props.onAdmin();
      } else props.onDeveloper(data.developer);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The invitation was not accepted.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Title order={1} size="h2">
          {kind === 'admin' ? 'Join the Gatehouse console' : 'Join Gatehouse as a developer'}
        </Title>
        <Text size="sm">
          {kind === 'admin'
            ? `You are invited as an admin with the role ${role ?? 'viewer'}: ${ROLE_MEANS[role ?? 'viewer']}`
            : 'You are invited as a developer: your AI tools will reach the providers through the Gatehouse Gateway, from the machines you sign in.'}{' '}
          Choose a password to accept. The invitation works once, until {formatDateTime(expires_at)}.
        </Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <TextInput label="E-mail address" value={email} readOnly autoComplete="username" />
        {kind === 'developer' && (
          <TextInput
            label="Your name"
            autoComplete="name"
            maxLength={200}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
        )}
        <NewPasswordFields value={chosen} onChange={setChosen} />
        <Button type="submit" loading={busy}>
          Accept the invitation
        </Button>
      </Stack>
    </form>
  );
}

const ROLE_MEANS: Record<string, string> = {
  owner: 'you can change everything, including who the admins are.',
  admin: 'you can change everything but who the admins are.',
  viewer: 'you can read every page of the console.',
};
