// The busiest developers, tools, models and providers of the window, each a small table whose numbers
// (and names) lead to that entry's requests, or to those of them the policy blocked.
import { Link } from 'react-router';
import { Anchor, Paper, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { FAMILY_SHORT } from '../provider-keys/provider-families';
import type { ProviderFamily } from '../api/client';
import { NumberLink } from './number-link';
import { topHref, type TopKind } from './overview-links';
import { windowPhrase } from './buckets';
import type { ActivitySummary, TopDeveloper, TopEntry } from './summary-types';

const LISTS: { kind: TopKind; title: string; column: string }[] = [
  { kind: 'developers', title: 'Busiest developers', column: 'Developer' },
  { kind: 'tools', title: 'Busiest tools', column: 'Tool' },
  { kind: 'models', title: 'Busiest models', column: 'Model' },
  { kind: 'providers', title: 'Busiest providers', column: 'Provider' },
];

function nameOf(kind: TopKind, e: TopEntry | TopDeveloper): string {
  if (kind === 'providers') return FAMILY_SHORT[e.name as ProviderFamily] ?? e.name;
  if (kind === 'developers') return e.name || (e as TopDeveloper).id;
  return e.name;
}

function TopTable({ kind, title, column, s }: (typeof LISTS)[number] & { s: ActivitySummary }) {
  const entries = s.top[kind];
  const phrase = windowPhrase(s.window);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          No requests {phrase}.
        </Text>
      ) : (
        <Table aria-label={title} layout="fixed">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{column}</Table.Th>
              <Table.Th ta="right" w={90}>
                Requests
              </Table.Th>
              <Table.Th ta="right" w={80}>
                Blocked
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((e) => {
              const name = nameOf(kind, e);
              return (
                <Table.Tr key={'id' in e ? e.id : e.name}>
                  <Table.Td>
                    {/* The card is a quarter of the page: a long name (a dated model, an e-mail
                        address) is cut short with the whole of it on hover, never broken mid-word. */}
                    <Anchor
                      component={Link}
                      to={topHref(kind, e, s)}
                      size="sm"
                      display="block"
                      truncate="end"
                      title={name}
                    >
                      {name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td ta="right">
                    <NumberLink
                      value={e.requests}
                      to={topHref(kind, e, s)}
                      label={`requests by ${name} ${phrase}`}
                      size="sm"
                    />
                  </Table.Td>
                  <Table.Td ta="right">
                    <NumberLink
                      value={e.blocked}
                      to={topHref(kind, e, s, true)}
                      label={`blocked requests by ${name} ${phrase}`}
                      size="sm"
                      c={e.blocked > 0 ? 'red' : undefined}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

export function TopLists({ summary }: { summary: ActivitySummary }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2, xl: 4 }} spacing="md">
      {LISTS.map((l) => (
        <TopTable key={l.kind} {...l} s={summary} />
      ))}
    </SimpleGrid>
  );
}
