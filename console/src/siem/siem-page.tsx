// SIEM export: the destinations that audit events, Gateway activity and risk findings are pushed to as
// they are recorded, each with how far behind it is, when it last took a batch and the last error; for
// owners and admins (the API is theirs alone) add, edit, delete and a Test button that shows what the
// receiver answered to one synthetic event.
import { useState } from 'react';
import { Alert, Badge, Button, Modal, Stack, Table, Text } from '@mantine/core';
import type { SiemDestination, SiemTestResult } from '../api/client';
import { canManage, useAdmin } from '../session/session-context';
import { EmptyState, ErrorState, Loading } from '../ui/states';
import { PageHeader } from '../ui/page-header';
import { TableHead } from '../ui/table-head';
import { RowActions } from '../ui/row-actions';
import { ConfirmByNameDialog } from '../ui/confirm-by-name-dialog';
import { formatTime } from '../activity/format';
import { DestinationDialog, STREAMS } from './destination-dialog';
import { useDeleteDestination, useSiemDestinations, useTestDestination } from './siem-queries';

const TYPE_LABEL: Record<SiemDestination['type'], string> = {
  splunk_hec: 'Splunk HEC',
  webhook: 'Webhook',
  syslog: 'Syslog',
};

export function SiemPage() {
  const manage = canManage(useAdmin());
  const destinations = useSiemDestinations(manage);
  const remove = useDeleteDestination();
  const test = useTestDestination();
  const [dialog, setDialog] = useState<{ editing: SiemDestination | null } | null>(null);
  const [deleting, setDeleting] = useState<SiemDestination | null>(null);
  const [tested, setTested] = useState<{ name: string; result: SiemTestResult } | null>(null);
  const closeDelete = () => {
    setDeleting(null);
    remove.reset();
  };

  return (
    <Stack>
      <PageHeader
        title="SIEM export"
        action={manage && <Button onClick={() => setDialog({ editing: null })}>Add destination</Button>}
      >
        Audit events, Gateway activity and risk findings pushed to your SIEM as they are recorded, in order,
        at least once. A destination that is down is retried and catches up; retention keeps what it has not
        received yet.
      </PageHeader>
      {!manage ? (
        <EmptyState title="For owners and admins">
          SIEM destinations hold tokens and secrets: only owners and admins see and change them.
        </EmptyState>
      ) : destinations.isPending ? (
        <Loading label="Loading SIEM destinations…" />
      ) : destinations.isError ? (
        <ErrorState error={destinations.error} onRetry={() => void destinations.refetch()} />
      ) : destinations.data.length === 0 ? (
        <EmptyState title="No SIEM destinations yet">
          Add Splunk’s HTTP Event Collector or a webhook: it receives what is recorded from then on.
        </EmptyState>
      ) : (
        <Table.ScrollContainer minWidth={1100}>
          <Table striped verticalSpacing="sm" aria-label="SIEM destinations">
            <TableHead
              columns={['Name', 'Type', 'Format', 'Streams', 'Lag', 'Last success', 'Last error', 'Actions']}
            />
            <Table.Tbody>
              {destinations.data.map((d) => (
                <Table.Tr key={d.id} data-destination={d.name}>
                  <Table.Td>
                    <Text fw={600} size="sm">
                      {d.name}
                    </Text>
                    {/* Whole, or cut short with the whole address on hover: never broken mid-word. */}
                    <Text size="xs" ff="monospace" c="dimmed" truncate="end" maw={360} title={d.url}>
                      {d.url}
                    </Text>
                    {!d.enabled && (
                      <Badge color="gray" variant="light" tt="none">
                        disabled
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{TYPE_LABEL[d.type]}</Table.Td>
                  <Table.Td>{d.format.toUpperCase()}</Table.Td>
                  <Table.Td>
                    {d.streams.map((s) => STREAMS.find((x) => x.value === s)?.label ?? s).join(', ')}
                  </Table.Td>
                  <Table.Td data-lag>
                    {d.streams.map((s) => (
                      <Text key={s} size="sm" data-lag-stream={s}>
                        {s}: {d.lag[s] ?? 0}
                      </Text>
                    ))}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{d.last_success_at ? formatTime(d.last_success_at) : 'never'}</Text>
                  </Table.Td>
                  <Table.Td maw={320}>
                    {d.last_error ? (
                      <Text size="sm" c="red.8">
                        {d.last_error}
                        <br />
                        <Text span size="xs" c="dimmed">
                          {d.last_error_at && formatTime(d.last_error_at)}
                        </Text>
                      </Text>
                    ) : (
                      <Text size="sm" c="dimmed">
                        none
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <RowActions
                      name={d.name}
                      actions={[
                        {
                          label: 'Test',
                          onClick: () =>
                            test.mutate(
                              { id: d.id },
                              { onSuccess: (result) => setTested({ name: d.name, result }) },
                            ),
                        },
                        { label: 'Edit', onClick: () => setDialog({ editing: d }) },
                        { label: 'Delete', destructive: true, onClick: () => setDeleting(d) },
                      ]}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {test.isError && (
        <Alert color="red" role="alert" title="The test was not sent">
          {test.error.message}
        </Alert>
      )}

      {manage && (
        <>
          <DestinationDialog
            opened={dialog !== null}
            editing={dialog?.editing ?? null}
            onClose={() => setDialog(null)}
          />
          <Modal
            opened={tested !== null}
            onClose={() => setTested(null)}
            title={tested ? `Test of ${tested.name}` : ''}
          >
            {tested && (
              <Alert
                color={tested.result.delivered ? 'green' : 'red'}
                role="status"
                title={
                  tested.result.delivered
                    ? 'The receiver took the test event'
                    : 'The test event was not delivered'
                }
              >
                <Text size="sm" data-test-answer>
                  {tested.result.answer}
                </Text>
              </Alert>
            )}
          </Modal>
          <ConfirmByNameDialog
            name={deleting?.name ?? null}
            title="Delete the SIEM destination"
            action="Delete permanently"
            color="red"
            mutation={remove}
            onClose={closeDelete}
            onConfirm={() => deleting && remove.mutate({ id: deleting.id }, { onSuccess: closeDelete })}
          >
            <Text size="sm">
              Deleting <b>{deleting?.name}</b> stops the export to it and erases its encrypted token or
              secret. What it had not received is no longer held back from retention.
            </Text>
          </ConfirmByNameDialog>
        </>
      )}
    </Stack>
  );
}
