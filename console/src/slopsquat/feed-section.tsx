// The public feed's preview: exactly what GET /v1/slopsquat/observatory publishes (the API hands the
// console the feed's own bytes, even while the feed is off), with the feed's address and whether it is
// on. The entries are a table; each page's JSON, as served, can be read too.
import { useState } from 'react';
import { Alert, Badge, Button, Code, Group, NativeSelect, Stack, Table, Text } from '@mantine/core';
import type { Ecosystem, ObservatorySettingsView } from '../api/client';
import { CopyField } from '../ui/copy-field';
import { EmptyState, ErrorState, Loading } from '../ui/states';
import { TableHead } from '../ui/table-head';
import { LoadMore } from '../ui/load-more';
import { formatTime } from '../activity/format';
import { ECOSYSTEMS, ECOSYSTEM_LABEL, ecosystemLabel, formatDay } from './format';
import { useFeedPreview } from './slopsquat-queries';

const COLUMNS = [
  'Ecosystem',
  'Name',
  'First seen',
  'Last seen',
  'Count',
  'Developers',
  'Models',
  'Registered since',
];

export function FeedSection({ settings }: { settings: ObservatorySettingsView }) {
  const [ecosystem, setEcosystem] = useState<Ecosystem | ''>('');
  const [showJson, setShowJson] = useState(false);
  const preview = useFeedPreview(ecosystem);
  const pages = preview.data?.pages ?? [];
  const entries = pages.flatMap((p) => p.page.entries);
  const first = pages[0]?.page;

  return (
    <>
      <Alert
        color={settings.feed_enabled ? 'blue' : 'gray'}
        title={settings.feed_enabled ? 'The feed is on' : 'The feed is off'}
        role="status"
      >
        <Stack gap="xs">
          <Text size="sm">
            {settings.feed_enabled
              ? 'Anyone can read it, without signing in, at the address below. It lists the names below and nothing else: no developer, device, credential, prompt or answer, and no name of your private scopes or registries.'
              : 'The address below answers 404 until an admin turns the feed on (Settings). This is what it would publish.'}
          </Text>
          <CopyField label="Feed address" value={settings.feed_url} />
        </Stack>
      </Alert>
      <Group align="flex-end" gap="sm">
        <NativeSelect
          label="Ecosystem"
          value={ecosystem}
          onChange={(e) => setEcosystem(e.currentTarget.value as Ecosystem | '')}
          data={[
            { value: '', label: 'Every ecosystem' },
            ...ECOSYSTEMS.map((e) => ({ value: e, label: ECOSYSTEM_LABEL[e] })),
          ]}
          w={180}
        />
        <Button variant="default" onClick={() => setShowJson((s) => !s)} aria-expanded={showJson}>
          {showJson ? 'Hide the JSON' : 'Show the JSON as served'}
        </Button>
        <Button
          variant="default"
          ml="auto"
          loading={preview.isRefetching && !preview.isFetchingNextPage}
          onClick={() => void preview.refetch()}
        >
          Refresh
        </Button>
      </Group>
      {preview.isPending ? (
        <Loading label="Loading the feed’s preview…" />
      ) : preview.isError && pages.length === 0 ? (
        <ErrorState error={preview.error} onRetry={() => void preview.refetch()} />
      ) : (
        <>
          {first && (
            <Text size="sm" aria-live="polite">
              {entries.length === 1 ? '1 name' : `${entries.length.toLocaleString('en')} names`} published · k
              = {first.k}: a name is listed once {first.k} different developers saw a model invent it · made{' '}
              {formatTime(first.generated_at)}
            </Text>
          )}
          {showJson &&
            pages.map((p, i) => (
              <Code
                key={i}
                block
                aria-label={`Page ${i + 1} of the feed as served`}
                style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
              >
                {p.text}
              </Code>
            ))}
          {entries.length === 0 ? (
            <EmptyState title="The feed lists no name">
              A name is published once {first?.k ?? settings.k} different developers have been served it
              invented, unless it matches a private scope or your private registry holds it.
            </EmptyState>
          ) : (
            <Table.ScrollContainer minWidth={980}>
              <Table striped aria-label="Published names">
                <TableHead columns={COLUMNS} />
                <Table.Tbody>
                  {entries.map((e) => (
                    <Table.Tr key={`${e.ecosystem}:${e.name}`} data-published={`${e.ecosystem}:${e.name}`}>
                      <Table.Td>
                        <Text size="sm">{ecosystemLabel(e.ecosystem)}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                          {e.name}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                          {formatDay(e.first_seen)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                          {formatDay(e.last_seen)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{e.count.toLocaleString('en')}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{e.developers.toLocaleString('en')}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{e.model_families.join(', ') || '—'}</Text>
                      </Table.Td>
                      <Table.Td>
                        {e.registered_since ? (
                          <Badge color="red" variant="light" tt="none">
                            {formatDay(e.registered_since)}
                          </Badge>
                        ) : (
                          <Text size="sm" c="dimmed">
                            not known
                          </Text>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {entries.length > 0 && (
            <LoadMore
              hasMore={preview.hasNextPage}
              loading={preview.isFetchingNextPage}
              label="Load the next page of the feed"
              done="The feed’s last page is shown."
              onLoad={() => void preview.fetchNextPage()}
            />
          )}
        </>
      )}
    </>
  );
}
