// A detector's allowlist: values that never fire, each an exact value or a regular expression, with a
// note saying why. Adding and removing stage the change in the page's draft; an entry not saved yet is
// marked.
import { useState, type FormEvent } from 'react';
import { Badge, Button, Group, NativeSelect, Stack, Table, Text, TextInput } from '@mantine/core';
import type { AllowEntry } from '../api/client';
import { TableHead } from '../ui/table-head';
import { UnsavedBadge } from './unsaved-badge';

type Kind = 'value' | 'pattern';

const entryText = (e: AllowEntry) => e.value ?? e.pattern ?? '';
const kindOf = (e: AllowEntry): Kind => (e.value !== undefined ? 'value' : 'pattern');
/** An entry's identity: its kind and its text (its note is not part of it). */
export const entryKey = (e: AllowEntry) => `${kindOf(e)}:${entryText(e)}`;

export function AllowlistEditor(props: {
  label: string;
  entries: AllowEntry[];
  /** The entries in force, to mark those not saved yet. */
  saved: AllowEntry[];
  canManage: boolean;
  /** The API's problem with an entry, by its text. */
  errors: Record<string, string>;
  onAdd(entry: AllowEntry): void;
  onRemove(entry: AllowEntry): void;
}) {
  const { entries, canManage } = props;
  const saved = new Set(props.saved.map(entryKey));
  return (
    <Stack gap="xs">
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing is allowlisted: every match fires.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={canManage ? 520 : 420}>
          <Table aria-label={props.label} verticalSpacing={4}>
            <TableHead columns={['Allowed', 'Note', canManage && 'Remove']} />
            <Table.Tbody>
              {entries.map((e) => (
                <Table.Tr key={entryKey(e)}>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Badge size="sm" variant="outline" tt="none">
                        {kindOf(e)}
                      </Badge>
                      <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                        {entryText(e)}
                      </Text>
                      {!saved.has(entryKey(e)) && <UnsavedBadge what="new, unsaved" />}
                    </Group>
                    {props.errors[entryText(e)] && (
                      <Text size="xs" c="red" role="alert">
                        {props.errors[entryText(e)]}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c="dimmed">
                      {e.note ?? '—'}
                    </Text>
                  </Table.Td>
                  {canManage && (
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        aria-label={`Remove ${entryText(e)} from the ${props.label.toLowerCase()}`}
                        onClick={() => props.onRemove(e)}
                      >
                        Remove
                      </Button>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {canManage && <AddEntry label={props.label} entries={entries} onAdd={props.onAdd} />}
    </Stack>
  );
}

function AddEntry(props: { label: string; entries: AllowEntry[]; onAdd(e: AllowEntry): void }) {
  const [kind, setKind] = useState<Kind>('value');
  const [text, setText] = useState('');
  const [note, setNote] = useState('');
  const duplicate = props.entries.some((e) => kindOf(e) === kind && entryText(e) === text);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!text || duplicate) return;
    const n = note.trim();
    props.onAdd(
      kind === 'value'
        ? { value: text, ...(n ? { note: n } : {}) }
        : { pattern: text, ...(n ? { note: n } : {}) },
    );
    setText('');
    setNote('');
  }

  return (
    <form onSubmit={submit} aria-label={`Add to the ${props.label.toLowerCase()}`}>
      <Group align="flex-start" gap="sm">
        <NativeSelect
          label="Allow"
          value={kind}
          onChange={(e) => setKind(e.currentTarget.value as Kind)}
          data={[
            { value: 'value', label: 'An exact value' },
            { value: 'pattern', label: 'A pattern' },
          ]}
          w={160}
        />
        <TextInput
          label={kind === 'value' ? 'Value' : 'Pattern'}
          placeholder={kind === 'value' ? 'noreply@example.com' : '^test-[a-z0-9]+$'}
          description={kind === 'pattern' ? 'A regular expression, without slashes or flags.' : undefined}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          error={duplicate ? 'It is in the list already.' : undefined}
          maxLength={kind === 'value' ? 4096 : 1000}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          spellCheck={false}
          w={260}
        />
        <TextInput
          label="Note"
          placeholder="Why it is safe"
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          maxLength={500}
          w={200}
        />
        <Button type="submit" variant="default" mt={25} disabled={!text || duplicate}>
          Add to allowlist
        </Button>
      </Group>
    </form>
  );
}
