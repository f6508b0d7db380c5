// A server's own headers (its credentials) as name/value rows. Values are typed into password fields and
// live only in the dialog's state: the API never sends them back, so a row of a stored header shows its
// mask as a hint, never the value. The checks are the API's (mcp-server-input.ts) where the page can make
// them, so that a mistyped row is named before anything is sent.
import { IconX } from '@tabler/icons-react';
import { useRef } from 'react';
import { ActionIcon, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import {
  HEADER_LIMITS,
  HEADER_NAME,
  HEADER_VALUE,
  PROXY_OWNED_HEADERS,
} from '../../../shared/mcp-headers.ts';

export interface HeaderRow {
  /** Stable across edits of other rows, for React's keys and the inputs' focus. */
  key: number;
  name: string;
  value: string;
  /** The stored value's mask (••••last4), when the row stands for a header the server has. */
  stored?: string;
}

export const MAX_HEADERS = HEADER_LIMITS.count;

let nextKey = 1;
export const headerRow = (name = '', stored?: string): HeaderRow => ({
  key: nextKey++,
  name,
  value: '',
  ...(stored ? { stored } : {}),
});

export interface RowErrors {
  name: string | null;
  value: string | null;
}

/** What is wrong with each row, or nulls; a row is checked once anything is typed in it. */
export function headerErrors(rows: HeaderRow[]): RowErrors[] {
  const seen = new Set<string>();
  return rows.map((r) => {
    const name = r.name.trim();
    const lower = name.toLowerCase();
    let nameError: string | null = null;
    if (name === '') nameError = 'A header needs a name.';
    else if (name.length > HEADER_LIMITS.nameLength || !HEADER_NAME.test(name))
      nameError = "Letters, digits and !#$%&'*+.^_`|~- only, no spaces (for example Authorization).";
    else if (PROXY_OWNED_HEADERS.has(lower)) nameError = 'The Gateway sets this header itself.';
    else if (seen.has(lower)) nameError = 'Given twice (header names ignore case).';
    seen.add(lower);
    const value = r.value.trim();
    let valueError: string | null = null;
    if (value === '') valueError = 'Type the value: it is never shown again, so it cannot be kept blank.';
    else if (value.length > HEADER_LIMITS.valueLength)
      valueError = `At most ${HEADER_LIMITS.valueLength} characters.`;
    else if (!HEADER_VALUE.test(value))
      valueError = 'Plain header text only: no line breaks, control characters or characters beyond Latin-1.';
    return { name: nameError, value: valueError };
  });
}

export const headersReady = (rows: HeaderRow[]) =>
  rows.length <= MAX_HEADERS && headerErrors(rows).every((e) => e.name === null && e.value === null);

/** The rows as the API takes them, spaces around names and values dropped. */
export const headersBody = (rows: HeaderRow[]): Record<string, string> =>
  Object.fromEntries(rows.map((r) => [r.name.trim(), r.value.trim()]));

export function HeaderRowsInput(props: { rows: HeaderRow[]; onChange(rows: HeaderRow[]): void }) {
  const errors = headerErrors(props.rows);
  // The keyboard follows the rows: a new row takes the focus on its name, and removing a row gives the
  // focus to "Add header" rather than dropping it with the button that went away.
  const focusRow = useRef<number | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const add = () => {
    const r = headerRow();
    focusRow.current = r.key;
    props.onChange([...props.rows, r]);
  };
  const remove = (key: number) => {
    props.onChange(props.rows.filter((x) => x.key !== key));
    addButton.current?.focus();
  };
  const set = (key: number, change: Partial<HeaderRow>) =>
    props.onChange(props.rows.map((r) => (r.key === key ? { ...r, ...change } : r)));
  // An untouched new row is not yet a mistake: its errors show once something is typed in it.
  const touched = (r: HeaderRow) => r.name !== '' || r.value !== '' || r.stored !== undefined;

  return (
    <Stack gap="xs" role="group" aria-label="Headers">
      <Text size="sm" fw={500}>
        Headers
      </Text>
      <Text size="xs" c="dimmed">
        The server&apos;s own credentials, such as Authorization: Bearer …, sent to it on every request.
        Stored encrypted; Gatehouse never shows a value again, only its last four characters.
      </Text>
      {props.rows.map((r, i) => (
        <Group key={r.key} align="flex-start" gap="xs" wrap="wrap">
          <TextInput
            aria-label={`Header ${i + 1} name`}
            ref={(el) => {
              if (el && focusRow.current === r.key) {
                focusRow.current = null;
                el.focus();
              }
            }}
            placeholder="Authorization"
            maxLength={100}
            autoComplete="off"
            spellCheck={false}
            value={r.name}
            onChange={(e) => set(r.key, { name: e.currentTarget.value })}
            error={touched(r) ? errors[i]!.name : null}
            style={{ flex: '1 1 160px' }}
          />
          <PasswordInput
            aria-label={`Header ${i + 1} value`}
            placeholder={r.stored ? `Stored: ${r.stored} (type it again)` : 'Bearer …'}
            autoComplete="off"
            spellCheck={false}
            maxLength={4096}
            value={r.value}
            onChange={(e) => set(r.key, { value: e.currentTarget.value })}
            error={touched(r) ? errors[i]!.value : null}
            style={{ flex: '2 1 220px' }}
          />
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={`Remove header ${i + 1}`}
            onClick={() => remove(r.key)}
          >
            <IconX size={16} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          variant="default"
          size="xs"
          ref={addButton}
          disabled={props.rows.length >= MAX_HEADERS}
          onClick={add}
        >
          Add header
        </Button>
        {props.rows.length >= MAX_HEADERS && (
          <Text size="xs" c="dimmed">
            At most {MAX_HEADERS} headers.
          </Text>
        )}
      </Group>
    </Stack>
  );
}
