// The signed-in developer's part of the device page: the code (typed, or as the link filled it in),
// what is asking under that code (device name, platform, client version, the address it asked from,
// when, until when), and approve or deny. A wrong, expired or answered code is the API's message.
import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { unwrap } from '../api/client';
import { DetailRow } from '../ui/detail-row';
import { formatDateTime } from '../credentials/format';
import { developerApi, type DeviceRequest } from './developer-api';

const path = (code: string) => ({ params: { path: { user_code: code } } });

async function lookUp(code: string) {
  return unwrap(await developerApi.GET('/api/v1/developer/device-authorizations/{user_code}', path(code)));
}

async function decide(code: string, decision: 'approve' | 'deny') {
  const route =
    decision === 'approve'
      ? '/api/v1/developer/device-authorizations/{user_code}/approve'
      : '/api/v1/developer/device-authorizations/{user_code}/deny';
  return unwrap(await developerApi.POST(route, path(code)));
}

export function CodeStep(props: { initialCode: string; onFound(request: DeviceRequest): void }) {
  const [code, setCode] = useState(props.initialCode);
  const find = useMutation({ mutationFn: lookUp, onSuccess: props.onFound });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (code.trim()) find.mutate(code.trim());
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label="Code shown in your terminal"
          description={
            props.initialCode
              ? 'Filled in from the link: check that it is the code your terminal shows.'
              : 'Eight letters, such as BCDF-GHJK.'
          }
          required
          maxLength={20}
          autoComplete="off"
          ff="monospace"
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={find.error?.message}
        />
        <Button type="submit" loading={find.isPending} disabled={!code.trim()}>
          Continue
        </Button>
      </Stack>
    </form>
  );
}

const dash = (v: string | null) => v ?? '—';

export function DeviceRequestCard(props: {
  request: DeviceRequest;
  onDecided(request: DeviceRequest, decision: 'approve' | 'deny'): void;
  onOtherCode(): void;
}) {
  const r = props.request;
  const send = useMutation({
    mutationFn: (decision: 'approve' | 'deny') => decide(r.user_code, decision),
    onSuccess: (decided, decision) => props.onDecided(decided, decision),
  });
  return (
    <Stack>
      <Text size="sm">
        A device asks to sign in as you. Approve it only if you started <code>gatehouse-client login</code> on
        this machine and your terminal shows the same code.
      </Text>
      <Table aria-label="The device asking">
        <Table.Tbody>
          <DetailRow
            label="Code"
            value={
              <Text ff="monospace" fw={700}>
                {r.user_code}
              </Text>
            }
          />
          <DetailRow label="Device" value={dash(r.device_name)} />
          <DetailRow label="Platform" value={dash(r.platform)} />
          <DetailRow label="Client version" value={dash(r.client_version)} />
          <DetailRow label="Asked from" value={dash(r.ip)} />
          <DetailRow label="Asked at" value={formatDateTime(r.requested_at)} />
          <DetailRow label="Code expires" value={formatDateTime(r.expires_at)} />
        </Table.Tbody>
      </Table>
      {send.error && (
        <Alert color="red" role="alert">
          {send.error.message}
        </Alert>
      )}
      {r.status === 'pending' ? (
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onOtherCode}>
            Another code
          </Button>
          <Button
            color="red"
            variant="light"
            loading={send.isPending && send.variables === 'deny'}
            onClick={() => send.mutate('deny')}
          >
            Deny
          </Button>
          <Button
            loading={send.isPending && send.variables === 'approve'}
            onClick={() => send.mutate('approve')}
          >
            Approve
          </Button>
        </Group>
      ) : (
        <>
          <Alert color={r.status === 'denied' ? 'orange' : 'blue'} role="status">
            {r.status === 'denied'
              ? 'This request was denied already. Run gatehouse-client login again on the device to start over.'
              : 'This request was approved already.'}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onOtherCode}>
              Another code
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
