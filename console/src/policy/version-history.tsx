// The policy's versions, newest first: who made each, when, and what it changed, in words; older
// versions a page at a time.
import { Badge, Button, Center, List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { PolicyVersionSummary } from '../api/client';
import { formatDateTime } from '../credentials/format';
import { ErrorState, Loading } from '../ui/states';
import { TableHead } from '../ui/table-head';
import { party } from './format';
import { describeChange, namesRuleByPosition } from './describe-change';
import { useDetectorLabel, usePolicyVersionDocument, usePolicyVersions } from './policy-queries';

export function VersionHistory({ inForce }: { inForce: number | null }) {
  const versions = usePolicyVersions();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="policy-history">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="policy-history">
            Version history
          </Title>
          <Text size="sm" c="dimmed">
            Every change is a new version. The audit log records the same changes, without allowlisted values,
            patterns or keywords.
          </Text>
        </div>
        {versions.isPending ? (
          <Loading label="Loading the version history…" />
        ) : versions.isError ? (
          <ErrorState error={versions.error} onRetry={() => void versions.refetch()} />
        ) : (
          <>
            <Table.ScrollContainer minWidth={720}>
              <Table aria-label="Policy versions" verticalSpacing="sm">
                <TableHead columns={['Version', 'When', 'By', 'What changed']} />
                <Table.Tbody>
                  {versions.data.map((v) => (
                    <VersionRow key={v.version} v={v} inForce={v.version === inForce} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {versions.hasNextPage && (
              <Center>
                <Button
                  variant="default"
                  loading={versions.isFetchingNextPage}
                  onClick={() => void versions.fetchNextPage()}
                >
                  Load older versions
                </Button>
              </Center>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}

function VersionRow({ v, inForce }: { v: PolicyVersionSummary; inForce: boolean }) {
  // Only a change inside a custom rule needs the documents, to name the rule.
  const needed = v.changes.some(namesRuleByPosition);
  const after = usePolicyVersionDocument(v.version, needed);
  const before = usePolicyVersionDocument(v.version - 1, needed);
  const labelOf = useDetectorLabel();
  return (
    <Table.Tr data-version={v.version}>
      <Table.Td style={{ verticalAlign: 'top', whiteSpace: 'nowrap' }}>
        <Text size="sm" fw={600}>
          {v.version}
        </Text>
        {inForce && (
          <Badge size="sm" variant="light" color="green" tt="none">
            in force
          </Badge>
        )}
      </Table.Td>
      <Table.Td style={{ verticalAlign: 'top', whiteSpace: 'nowrap' }}>
        <Text size="sm">{formatDateTime(v.created_at)}</Text>
      </Table.Td>
      <Table.Td style={{ verticalAlign: 'top' }}>
        <Text size="sm">{party(v.created_by)}</Text>
      </Table.Td>
      <Table.Td>
        {v.changes.length === 0 ? (
          <Text size="sm">{v.summary}</Text>
        ) : (
          <List size="sm" spacing={2} aria-label={`Changes in version ${v.version}`}>
            {v.changes.map((c, i) => (
              <List.Item key={i} style={{ wordBreak: 'break-word' }}>
                {describeChange(c, { before: before.data, after: after.data }, labelOf)}
              </List.Item>
            ))}
          </List>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
