// The page `gatehouse-client login` opens (/console/device?user_code=BCDF-GHJK): a developer signs in
// with their own account (not an admin's: this page works with no admin session), checks the code,
// sees what device is asking, and approves or denies it. Without an account they ask for access, which
// approves the device on their behalf and waits for an admin. Contract: docs/decisions/device-sign-in.md.
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Button, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Loading } from '../ui/states';
import type { DeviceRequest, SignedInDeveloper } from './developer-api';
import { useDeveloperSession } from './developer-session';
import { DeveloperSignInForm } from './developer-sign-in-form';
import { AccessRequestForm } from './access-request-form';
import { CodeStep, DeviceRequestCard } from './device-request';

type Outcome = { decision: 'approve' | 'deny' | 'requested'; request: DeviceRequest | null };

function Frame({ children }: { children: ReactNode }) {
  return (
    <Center mih="100vh" p="md">
      <Paper component="main" withBorder shadow="sm" p="xl" w="100%" maw={560}>
        {children}
      </Paper>
    </Center>
  );
}

export function DeviceApprovalPage() {
  const [params] = useSearchParams();
  const initialCode = params.get('user_code')?.slice(0, 20) ?? '';
  const session = useDeveloperSession();
  const [asking, setAsking] = useState(false);
  const [request, setRequest] = useState<DeviceRequest | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const { state } = session;

  if (state.status === 'loading')
    return (
      <Frame>
        <Loading label="Checking your session…" />
      </Frame>
    );
  if (outcome && state.status === 'signed-in')
    return (
      <Frame>
        <Done outcome={outcome} developer={state.developer} />
      </Frame>
    );
  if (state.status === 'signed-out')
    return (
      <Frame>
        {asking ? (
          <AccessRequestForm
            code={initialCode}
            onSignIn={() => setAsking(false)}
            onRequested={(developer, csrf) => {
              session.adopt(developer, csrf);
              setOutcome({ decision: 'requested', request: null });
            }}
          />
        ) : (
          <DeveloperSignInForm
            notice={state.notice}
            signIn={session.signIn}
            onRequestAccess={() => setAsking(true)}
          />
        )}
      </Frame>
    );
  return (
    <Frame>
      <Stack>
        <Title order={1} size="h2">
          Approve a device
        </Title>
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" truncate>
            Signed in as <b>{state.developer.email}</b>
          </Text>
          <Button variant="default" size="xs" onClick={() => void session.signOut()}>
            Sign out
          </Button>
        </Group>
        {request ? (
          <DeviceRequestCard
            request={request}
            onOtherCode={() => setRequest(null)}
            onDecided={(r, decision) => setOutcome({ decision, request: r })}
          />
        ) : (
          <CodeStep initialCode={initialCode} onFound={setRequest} />
        )}
      </Stack>
    </Frame>
  );
}

function Done({ outcome, developer }: { outcome: Outcome; developer: SignedInDeveloper }) {
  const device = outcome.request?.device_name ?? 'The device';
  const waiting = developer.status === 'pending';
  if (outcome.decision === 'deny')
    return (
      <Stack>
        <Title order={1} size="h2">
          Device denied
        </Title>
        <Text>{device} is not signed in: the client on it is told the request was refused.</Text>
      </Stack>
    );
  return (
    <Stack>
      <Title order={1} size="h2">
        {outcome.decision === 'requested' ? 'Access requested' : 'Device approved'}
      </Title>
      {waiting ? (
        <Alert color="orange" role="status" title="Waiting for an admin">
          Your account waits for an admin&apos;s approval. Keep <code>gatehouse-client login</code> running:
          it finishes signing this device in as soon as an admin approves you. If its code expires first (10
          minutes), run it again once you are approved.
        </Alert>
      ) : (
        <Text>
          {device} is approved. Go back to your terminal: <code>gatehouse-client</code> finishes signing in
          within a few seconds.
        </Text>
      )}
    </Stack>
  );
}
