// Names caught: every package name the Gateway caught, published or not, in the API's order (ecosystem,
// then name), filtered by ecosystem and by whether the feed lists it, 200 at a time. A reason's detail
// (the popular name one edit away, the first publication) comes from the slopsquat findings already
// read for the page, which name it; the names view keeps counts, not details.
import { useMemo } from 'react';
import { Button, Group, NativeSelect, Text } from '@mantine/core';
import { EmptyState, ErrorState, Loading } from '../ui/states';
import { LoadMore } from '../ui/load-more';
import { isSlopsquat, type SlopsquatEvidence } from '../risk/format';
import { ECOSYSTEMS, ECOSYSTEM_LABEL } from './format';
import { useCaughtNames, useSlopsquatFindings, type NameFilters } from './slopsquat-queries';
import { NamesTable, detailKey } from './names-table';

const PUBLISHED = [
  { value: '', label: 'Published or not' },
  { value: 'yes', label: 'Published' },
  { value: 'no', label: 'Withheld' },
];

export function NamesSection(props: { filters: NameFilters; onFilters(f: NameFilters): void; k: number }) {
  const { filters, onFilters } = props;
  const names = useCaughtNames(filters);
  const findings = useSlopsquatFindings(false);
  const details = useMemo(() => {
    const map = new Map<string, SlopsquatEvidence>();
    // Newest first: the first finding read for a name and reason is its latest word.
    for (const f of findings.rows) {
      const e = f.evidence;
      if (!isSlopsquat(e)) continue;
      const key = detailKey(e.ecosystem, e.package, e.reason);
      if (!map.has(key)) map.set(key, e);
    }
    return map;
  }, [findings.rows]);
  const rows = names.data ?? [];

  return (
    <>
      <Group align="flex-end" gap="sm">
        <NativeSelect
          label="Ecosystem"
          value={filters.ecosystem}
          onChange={(e) =>
            onFilters({ ...filters, ecosystem: e.currentTarget.value as NameFilters['ecosystem'] })
          }
          data={[
            { value: '', label: 'Every ecosystem' },
            ...ECOSYSTEMS.map((e) => ({ value: e, label: ECOSYSTEM_LABEL[e] })),
          ]}
          w={180}
        />
        <NativeSelect
          label="Public feed"
          value={filters.published}
          onChange={(e) =>
            onFilters({ ...filters, published: e.currentTarget.value as NameFilters['published'] })
          }
          data={PUBLISHED}
          w={180}
        />
        <Button
          variant="default"
          ml="auto"
          loading={names.isRefetching && !names.isFetchingNextPage}
          onClick={() => {
            // The details come from the findings: read both again.
            void names.refetch();
            void findings.query.refetch();
          }}
        >
          Refresh
        </Button>
      </Group>
      {names.isPending ? (
        <Loading label="Loading the names caught…" />
      ) : names.isError && rows.length === 0 ? (
        <ErrorState error={names.error} onRetry={() => void names.refetch()} />
      ) : rows.length === 0 ? (
        filters.ecosystem || filters.published ? (
          <EmptyState title="No names match">Choose another ecosystem, or show every name.</EmptyState>
        ) : (
          <EmptyState title="No names caught yet">
            They appear here when a model names a package to install (in a tool call, an install command or a
            manifest) that its registry does not have, that was published only days ago, or that is otherwise
            suspect.
          </EmptyState>
        )
      ) : (
        <>
          <Text size="sm" aria-live="polite">
            {rows.length === 1 ? '1 name' : `${rows.length.toLocaleString('en')} names`}, by ecosystem and
            name
          </Text>
          {names.isError && <ErrorState error={names.error} />}
          <NamesTable names={rows} k={props.k} details={details} />
          <LoadMore
            hasMore={names.hasNextPage}
            loading={names.isFetchingNextPage}
            label="Load more names"
            done="Every matching name is shown."
            onLoad={() => void names.fetchNextPage()}
          />
        </>
      )}
    </>
  );
}
