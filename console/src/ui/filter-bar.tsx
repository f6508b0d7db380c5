// The filter bar of a newest-first log (the audit log, the activity page): the page's own fields, then
// the time range, applied together by one button. What is typed stays in the bar until it is applied, and
// starts again from the applied filters whenever those change from elsewhere (a detail's "show every …
// by this actor", Clear filters).
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { toLocal, toRfc3339 } from './local-time';

/** Filters as the pages hold them: every value a string, '' for none; the time range in RFC 3339. */
export interface TimeRange {
  since: string;
  until: string;
}

/** What the bar gives a picker field: its value, and `onPick`, which applies the filters at once. */
export interface PickerProps {
  label: string;
  value: string;
  onPick(value: string): void;
  w: number;
}

/**
 * One field of the bar: a text input; with `options` a select whose first choice is "any"; or with
 * `picker` a control that suggests as one types (a person by name, an audit action), whose pick applies
 * the filters at once, as choosing a suggestion does in most consoles: there is nothing left to type.
 */
export type FilterField<F> = {
  key: Exclude<keyof F, keyof TimeRange> & string;
  label: string;
  width: number;
} & (
  | { placeholder: string; maxLength: number }
  | { any: string; options: readonly { value: string; label: string }[] }
  | { picker(props: PickerProps): ReactNode }
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
  // The form starts again from the applied filters when they change from elsewhere; not after its own
  // pick, which it holds already: a remount would take the focus from the control just used.
  const now = JSON.stringify(props.value);
  const [picked, setPicked] = useState<string | null>(null);
  const [seen, setSeen] = useState(now);
  // A count, not the filters: after a pick, clearing back to the filters the form started from must
  // still start it again.
  const [formKey, setFormKey] = useState(0);
  if (now !== seen) {
    setSeen(now);
    if (now !== picked) setFormKey((k) => k + 1);
    setPicked(null);
  }
  return <FilterForm key={formKey} {...props} onPick={(f) => setPicked(JSON.stringify(f))} />;
}

const TIME_RANGE = [
  { key: 'since', label: 'From' },
  { key: 'until', label: 'Until' },
] as const;

function FilterForm<F extends Filters<F>>({
  onPick,
  label,
  fields,
  value,
  clearable,
  onApply,
}: FilterBarProps<F> & { onPick?(applied: F): void }) {
  // What is typed, by key; the time range as datetime-local, which has no offset.
  const [typed, setTyped] = useState<Record<string, string>>(() => ({
    ...Object.fromEntries(fields.map((f) => [f.key, value[f.key]])),
    since: toLocal(value.since),
    until: toLocal(value.until),
  }));
  const set = (key: string, v: string) => setTyped((t) => ({ ...t, [key]: v }));

  function apply(now: Record<string, string>): F {
    const trimmed = Object.fromEntries(Object.entries(now).map(([k, v]) => [k, v.trim()]));
    const filters = { ...value, ...trimmed, since: toRfc3339(now.since!), until: toRfc3339(now.until!) };
    onApply(filters);
    return filters;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    apply(typed);
  }

  return (
    <form onSubmit={submit} aria-label={label}>
      <Group align="flex-end" gap="sm">
        {fields.map((f) =>
          'picker' in f ? (
            <div key={f.key} data-filter={f.key}>
              <f.picker
                label={f.label}
                value={typed[f.key]!}
                onPick={(v) => {
                  const now = { ...typed, [f.key]: v };
                  setTyped(now);
                  onPick?.(apply(now));
                }}
                w={f.width}
              />
            </div>
          ) : 'options' in f ? (
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
