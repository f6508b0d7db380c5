// Filters of the audit log: action, actor and time range, applied together.
import { useState, type FormEvent } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { toLocal, toRfc3339 } from '../ui/local-time';
import type { AuditFilters } from './audit-feed';

export function AuditFilterForm({
  value,
  onApply,
}: {
  value: AuditFilters;
  onApply(filters: AuditFilters): void;
}) {
  const [action, setAction] = useState(value.action);
  const [actorId, setActorId] = useState(value.actorId);
  const [since, setSince] = useState(toLocal(value.since));
  const [until, setUntil] = useState(toLocal(value.until));

  function submit(event: FormEvent) {
    event.preventDefault();
    onApply({
      action: action.trim(),
      actorId: actorId.trim(),
      since: toRfc3339(since),
      until: toRfc3339(until),
    });
  }

  return (
    <form onSubmit={submit} aria-label="Filter the audit log">
      <Group align="flex-end" gap="sm">
        <TextInput
          label="Action"
          placeholder="credential.created"
          value={action}
          onChange={(e) => setAction(e.currentTarget.value)}
          maxLength={64}
          w={200}
        />
        <TextInput
          label="Actor ID"
          placeholder="adm_… or cred_…"
          value={actorId}
          onChange={(e) => setActorId(e.currentTarget.value)}
          maxLength={64}
          w={200}
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
      </Group>
    </form>
  );
}
