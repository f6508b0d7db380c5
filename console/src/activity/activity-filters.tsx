// Filters of the activity page: outcome, provider, model, tool, caller and time range, applied together.
import { useState, type FormEvent } from 'react';
import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import type { Outcome, ProviderFamily } from '../api/client';
import { toLocal, toRfc3339 } from '../ui/local-time';
import { FAMILIES, FAMILY_LABEL } from '../provider-keys/provider-families';
import { NO_FILTERS, isFiltered, type ActivityFilters } from './activity-feed';

const OUTCOMES: Outcome[] = ['allowed', 'blocked', 'upstream_error', 'gateway_error'];

export function ActivityFilterForm({
  value,
  onApply,
}: {
  value: ActivityFilters;
  onApply(filters: ActivityFilters): void;
}) {
  const [outcome, setOutcome] = useState(value.outcome);
  const [provider, setProvider] = useState(value.provider);
  const [model, setModel] = useState(value.model);
  const [tool, setTool] = useState(value.tool);
  const [actorId, setActorId] = useState(value.actorId);
  const [since, setSince] = useState(toLocal(value.since));
  const [until, setUntil] = useState(toLocal(value.until));

  function submit(event: FormEvent) {
    event.preventDefault();
    onApply({
      outcome,
      provider,
      model: model.trim(),
      tool: tool.trim(),
      actorId: actorId.trim(),
      since: toRfc3339(since),
      until: toRfc3339(until),
    });
  }

  return (
    <form onSubmit={submit} aria-label="Filter the activity">
      <Group align="flex-end" gap="sm">
        <NativeSelect
          label="Outcome"
          value={outcome}
          onChange={(e) => setOutcome(e.currentTarget.value as Outcome | '')}
          data={[{ value: '', label: 'Any outcome' }, ...OUTCOMES.map((o) => ({ value: o, label: o }))]}
          w={160}
        />
        <NativeSelect
          label="Provider"
          value={provider}
          onChange={(e) => setProvider(e.currentTarget.value as ProviderFamily | '')}
          data={[
            { value: '', label: 'Any provider' },
            ...FAMILIES.map((f) => ({ value: f, label: FAMILY_LABEL[f] })),
          ]}
          w={190}
        />
        <TextInput
          label="Model"
          placeholder="gpt-4o"
          value={model}
          onChange={(e) => setModel(e.currentTarget.value)}
          maxLength={200}
          w={160}
        />
        <TextInput
          label="Tool"
          placeholder="claude-code"
          value={tool}
          onChange={(e) => setTool(e.currentTarget.value)}
          maxLength={64}
          w={140}
        />
        <TextInput
          label="Caller ID"
          placeholder="cred_…"
          value={actorId}
          onChange={(e) => setActorId(e.currentTarget.value)}
          maxLength={64}
          w={170}
        />
        <TextInput
          label="From"
          type="datetime-local"
          value={since}
          onChange={(e) => setSince(e.currentTarget.value)}
          w={210}
        />
        <TextInput
          label="Until"
          type="datetime-local"
          value={until}
          onChange={(e) => setUntil(e.currentTarget.value)}
          w={210}
        />
        <Button type="submit">Apply filters</Button>
        {isFiltered(value) && (
          <Button variant="subtle" onClick={() => onApply(NO_FILTERS)}>
            Clear filters
          </Button>
        )}
      </Group>
    </form>
  );
}
