// The filter bar of a newest-first log (the audit log, the activity page): the page's own fields, then
// the time range, applied together by one button. What is typed stays in the bar until it is applied, and
// starts again from the applied filters whenever those change from elsewhere (a detail's "show every …
// by this actor", Clear filters).
import { useState, type FormEvent } from 'react';
import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { toLocal, toRfc3339 } from './local-time';

/** Filters as the pages hold them: every value a string, '' for none; the time range in RFC 3339. */
export interface TimeRange {
  since: string;
  until: string;
}

/** One field of the bar: a text input, or with `options` a select whose first choice is "any". */
export type FilterField<F> = {
  key: Exclude<keyof F, keyof TimeRange> & string;
  label: string;
  width: number;
} & (
  | { placeholder: string; maxLength: number }
  | { any: string; options: readonly { value: string; label: string }[] }
);

export const isFiltered = (filters: object) => Object.values(filters).some((v) => v !== '');

const cleared = <F extends object>(filters: F) =>
  Object.fromEntries(Object.keys(filters).map((k) => [k, ''])) as F;

type Filters<F> = TimeRange & Record<keyof F, string>;

interface FilterBarProps<F extends Filters<F>> {
  /** The form's accessible name, such as "Filter the audit log". */
  label: string;
  fields: readonly FilterField<F>[];
  value: F;
  /** Offer "Clear filters" while any filter is set. */
  clearable?: boolean;
  onApply(filters: F): void;
}

export function FilterBar<F extends Filters<F>>(props: FilterBarProps<F>) {
  return <FilterForm key={JSON.stringify(props.value)} {...props} />;
}

const TIME_RANGE = [
  { key: 'since', label: 'From' },
  { key: 'until', label: 'Until' },
] as const;

function FilterForm<F extends Filters<F>>({ label, fields, value, clearable, onApply }: FilterBarProps<F>) {
  // What is typed, by key; the time range as datetime-local, which has no offset.
  const [typed, setTyped] = useState<Record<string, string>>(() => ({
    ...Object.fromEntries(fields.map((f) => [f.key, value[f.key]])),
    since: toLocal(value.since),
    until: toLocal(value.until),
  }));
  const set = (key: string, v: string) => setTyped((t) => ({ ...t, [key]: v }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = Object.fromEntries(Object.entries(typed).map(([k, v]) => [k, v.trim()]));
    onApply({ ...value, ...trimmed, since: toRfc3339(typed.since!), until: toRfc3339(typed.until!) });
  }

  return (
    <form onSubmit={submit} aria-label={label}>
      <Group align="flex-end" gap="sm">
        {fields.map((f) =>
          'options' in f ? (
            <NativeSelect
              key={f.key}
              label={f.label}
              value={typed[f.key]}
              onChange={(e) => set(f.key, e.currentTarget.value)}
              data={[{ value: '', label: f.any }, ...f.options]}
              w={f.width}
            />
          ) : (
            <TextInput
              key={f.key}
              label={f.label}
              placeholder={f.placeholder}
              value={typed[f.key]}
              onChange={(e) => set(f.key, e.currentTarget.value)}
              maxLength={f.maxLength}
              w={f.width}
            />
          ),
        )}
        {TIME_RANGE.map((t) => (
          <TextInput
            key={t.key}
            label={t.label}
            type="datetime-local"
            value={typed[t.key]}
            onChange={(e) => set(t.key, e.currentTarget.value)}
            w={210}
          />
        ))}
        <Button type="submit">Apply filters</Button>
        {clearable && isFiltered(value) && (
          <Button variant="subtle" onClick={() => onApply(cleared(value))}>
            Clear filters
          </Button>
        )}
      </Group>
    </form>
  );
}
