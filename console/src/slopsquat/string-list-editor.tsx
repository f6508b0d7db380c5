// A list of strings in the settings (private scopes, subscribed feeds): each entry with the API's problem
// under it and what the page knows of it (a feed's last read), a Remove button, and a field to add one.
// Adding and removing change the form's draft; "Save changes" sends them.
import { useState, type ReactNode } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';

export function StringListEditor(props: {
  /** The list's name, as its heading says it: "Private scopes". */
  label: string;
  /** What one entry is, for the add field and the buttons: "pattern", "feed address". */
  noun: string;
  placeholder: string;
  entries: string[];
  canManage: boolean;
  empty: string;
  /** The API's problem with an entry, by its position. */
  errorAt(index: number): string | undefined;
  /** More about an entry, under it. */
  about?: (entry: string) => ReactNode;
  onChange(entries: string[]): void;
}) {
  const { entries, canManage, noun } = props;
  const [typed, setTyped] = useState('');
  const value = typed.trim();
  const taken = entries.includes(value);

  function add() {
    if (!value || taken) return;
    props.onChange([...entries, value]);
    setTyped('');
  }

  return (
    <Stack gap="xs" role="group" aria-label={props.label}>
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {props.empty}
        </Text>
      ) : (
        entries.map((entry, i) => (
          <Group key={entry} justify="space-between" wrap="nowrap" align="flex-start">
            <div style={{ minWidth: 0 }}>
              <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                {entry}
              </Text>
              {props.about?.(entry)}
              {props.errorAt(i) && (
                <Text size="xs" c="red" role="alert">
                  {props.errorAt(i)}
                </Text>
              )}
            </div>
            {canManage && (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                aria-label={`Remove ${entry}`}
                onClick={() => props.onChange(entries.filter((_, j) => j !== i))}
              >
                Remove
              </Button>
            )}
          </Group>
        ))
      )}
      {canManage && (
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <TextInput
            aria-label={`New ${noun}`}
            placeholder={props.placeholder}
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            onKeyDown={(e) => {
              // Enter adds the entry rather than submitting the whole form.
              if (e.key === 'Enter') {
                e.preventDefault();
                add();
              }
            }}
            error={taken ? `This ${noun} is listed already.` : undefined}
            // What is typed here is not in the list (nor saved) until it is added.
            description={value && !taken ? `Press Enter or “Add ${noun}” to list it.` : undefined}
            maxLength={2048}
            style={{ flex: 1 }}
            maw={520}
          />
          <Button variant="default" onClick={add} disabled={!value || taken}>
            Add {noun}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
