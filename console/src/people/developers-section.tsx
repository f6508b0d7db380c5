// Developers: the list newest first, filtered by status (kept in the address), the ones waiting for
// approval called out above it; for owners and admins invite, approve, send a new link, invite back and
// offboard, which is confirmed by typing the developer's e-mail address, as the API's `confirm` asks.
import { useState } from 'react';
import { Alert, Button, Center, Group, NativeSelect, Stack, Text } from '@mantine/core';
import type { Developer, DeveloperStatus } from '../api/client';
import { EmptyState, ErrorState, Loading } from '../ui/states';
import { ConfirmByNameDialog } from '../ui/confirm-by-name-dialog';
import { DEVELOPER_STATUS, DEVELOPER_STATUSES, count } from './format';
import {
  useApproveDeveloper,
  useDevelopers,
  useInviteDeveloper,
  useOffboardDeveloper,
  usePendingCount,
} from './people-queries';
import { DeveloperTable } from './developer-table';
import { InviteDeveloperDialog } from './invite-developer-dialog';
import { InvitationLink, type MadeInvitation } from './invitation-link';

function PendingNotice({ onShow }: { onShow(): void }) {
  const pending = usePendingCount();
  if (!pending.data) return null;
  const n =
    pending.data >= 100
      ? '100 or more developers are'
      : `${count(pending.data, 'developer')} ${pending.data === 1 ? 'is' : 'are'}`;
  return (
    <Alert color="orange" role="status" title="Waiting for approval">
      <Group justify="space-between">
        <Text size="sm">{n} waiting for approval: they asked for access when signing a device in.</Text>
        <Button size="xs" variant="light" color="orange" onClick={onShow}>
          Show them
        </Button>
      </Group>
    </Alert>
  );
}

export function DevelopersSection(props: {
  status: DeveloperStatus | '';
  onStatus(status: DeveloperStatus | ''): void;
  canManage: boolean;
}) {
  const developers = useDevelopers(props.status);
  const approve = useApproveDeveloper();
  const inviteAgain = useInviteDeveloper();
  const offboard = useOffboardDeveloper();
  const [inviting, setInviting] = useState(false);
  const [made, setMade] = useState<MadeInvitation | null>(null);
  const [offboarding, setOffboarding] = useState<Developer | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const rows = developers.data ?? [];
  // The last row action's refusal (approve, a new link), shown above the list.
  const refused = approve.error ?? inviteAgain.error;

  const closeOffboard = () => {
    setOffboarding(null);
    offboard.reset();
  };
  const actions = props.canManage
    ? {
        onApprove: (d: Developer) => {
          setDone(null);
          inviteAgain.reset();
          approve.mutate(
            { id: d.id },
            { onSuccess: () => setDone(`${d.email} is approved: their devices can use the Gateway.`) },
          );
        },
        onInviteAgain: (d: Developer) => {
          setDone(null);
          approve.reset();
          inviteAgain.mutate(
            { email: d.email },
            { onSuccess: (data) => setMade({ ...data, to: data.developer.email, as: 'a developer' }) },
          );
        },
        onOffboard: (d: Developer) => {
          setDone(null);
          setOffboarding(d);
        },
      }
    : null;

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <NativeSelect
          label="Status"
          value={props.status}
          onChange={(e) => props.onStatus(e.currentTarget.value as DeveloperStatus | '')}
          data={[
            { value: '', label: 'Any status' },
            ...DEVELOPER_STATUSES.map((s) => ({ value: s, label: DEVELOPER_STATUS[s].label })),
          ]}
          w={220}
        />
        {props.canManage && <Button onClick={() => setInviting(true)}>Invite developer</Button>}
      </Group>
      {props.status !== 'pending' && <PendingNotice onShow={() => props.onStatus('pending')} />}
      {done && (
        <Alert
          color="green"
          role="status"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setDone(null)}
        >
          {done}
        </Alert>
      )}
      {refused && (
        <Alert color="red" role="alert">
          {refused.message}
        </Alert>
      )}
      {developers.isPending ? (
        <Loading label="Loading developers…" />
      ) : developers.isError && rows.length === 0 ? (
        <ErrorState error={developers.error} onRetry={() => void developers.refetch()} />
      ) : rows.length === 0 ? (
        props.status ? (
          <EmptyState title="No developers match">
            No developer is {DEVELOPER_STATUS[props.status].label.toLowerCase()}.
          </EmptyState>
        ) : (
          <EmptyState title="No developers yet">
            {props.canManage
              ? 'Invite developers by e-mail, or let them ask for access when they sign a device in with the Gatehouse client: you approve them here.'
              : 'An owner or admin invites them; you will see them here.'}
          </EmptyState>
        )
      ) : (
        <>
          <DeveloperTable developers={rows} actions={actions} />
          {developers.hasNextPage && (
            <Center>
              <Button
                variant="default"
                loading={developers.isFetchingNextPage}
                onClick={() => void developers.fetchNextPage()}
              >
                Load more developers
              </Button>
            </Center>
          )}
        </>
      )}

      {props.canManage && (
        <>
          <InviteDeveloperDialog
            opened={inviting}
            onClose={() => setInviting(false)}
            onInvited={(m) => {
              setInviting(false);
              setMade(m);
            }}
          />
          <InvitationLink invitation={made} onClose={() => setMade(null)} />
          <ConfirmByNameDialog
            name={offboarding?.email ?? null}
            title="Offboard the developer"
            action="Offboard"
            color="red"
            mutation={offboard}
            onClose={closeOffboard}
            onConfirm={(confirm) =>
              offboarding &&
              offboard.mutate(
                { id: offboarding.id, confirm },
                {
                  onSuccess: (data) => {
                    closeOffboard();
                    setDone(
                      `${data.developer.email} is offboarded: ${count(data.devices_revoked, 'device')} and ${count(data.sessions_revoked, 'session')} revoked.`,
                    );
                  },
                },
              )
            }
          >
            <Text size="sm">
              Offboarding <b>{offboarding?.name ?? offboarding?.email}</b> revokes every device and session of
              theirs at once: their tools stop reaching the Gateway on their next request. Their record and
              history stay; they can be invited back later and sign their machines in again.
            </Text>
          </ConfirmByNameDialog>
        </>
      )}
    </Stack>
  );
}
