// A filter that takes a person, a credential or a device: type part of a name or an e-mail address, pick
// a suggestion (grouped by kind), and the filter holds its id, which the address keeps, so that links
// stay exact; the control shows the name. An id pasted into the address shows as its name once read.
import { useState } from 'react';
import {
  Select,
  defaultOptionsFilter,
  type ComboboxItem,
  type ComboboxItemGroup,
  type ComboboxParsedItem,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useAdmin } from '../session/session-context';
import type { PickerProps } from '../ui/filter-bar';
import {
  KIND_GROUP,
  partyNameKey,
  usePartyName,
  usePartySuggestions,
  type Party,
  type PartyKind,
} from './party-suggestions';

interface PartySelectProps extends PickerProps {
  kinds: readonly PartyKind[];
  placeholder: string;
}

function grouped(parties: Party[], kinds: readonly PartyKind[]): ComboboxItemGroup<ComboboxItem>[] {
  return kinds
    .map((k) => ({
      group: KIND_GROUP[k],
      items: parties.filter((p) => p.kind === k).map((p) => ({ value: p.value, label: p.label })),
    }))
    .filter((g) => g.items.length > 0);
}

export function PartySelect({ label, kinds, value, onPick, placeholder, w }: PartySelectProps) {
  // Admins are listed to owners only: no one else is offered them (nor asks for a list refused).
  const owner = useAdmin().role === 'owner';
  const offered = kinds.filter((k) => k !== 'admin' || owner);
  const chosen = usePartyName(value);
  const shown = value === '' ? '' : (chosen.data?.label ?? value);
  const [search, setSearch] = useState(shown);
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  // The chosen name in the box is no search: opening the list then suggests from everything.
  const typed = search === shown ? '' : search.trim();
  const [text] = useDebouncedValue(typed, 200);
  const suggestions = usePartySuggestions(offered, text, open);
  // Whether what is shown is the server's answer for what was typed last (not an earlier answer kept).
  const answered = text === typed && !suggestions.isPlaceholderData;

  const parties = [...(suggestions.data ?? [])];
  if (value !== '' && !parties.some((p) => p.value === value))
    parties.unshift({ value, label: shown, kind: chosen.data?.kind ?? offered[0]! });

  return (
    <Select
      label={label}
      placeholder={placeholder}
      searchable
      clearable
      data={grouped(parties, offered)}
      value={value === '' ? null : value}
      onChange={(id, option) => {
        // The pick's name is known: the control shows it at once, without asking for it again.
        if (id && option)
          client.setQueryData(
            partyNameKey(id),
            parties.find((p) => p.value === id),
          );
        onPick(id ?? '');
      }}
      // Select itself puts the chosen option's label into the box (on a pick, on blur, when the value or
      // its name changes); what else is in it was typed.
      searchValue={search}
      onSearchChange={setSearch}
      onDropdownOpen={() => setOpen(true)}
      onDropdownClose={() => setOpen(false)}
      // The server matched already (and the name and the id both count): show what it answered. Until it
      // answers for what was typed last, what is shown (the answer for earlier text) is narrowed to the
      // names holding the typed text, so that the list never offers what plainly does not match.
      filter={(input) =>
        answered
          ? input.options
          : // Every value here is a string id (Mantine's filter is typed for any primitive).
            (defaultOptionsFilter({ ...input, search: typed }) as ComboboxParsedItem[])
      }
      nothingFoundMessage={suggestions.isFetching ? 'Searching…' : 'Nothing matches'}
      maxDropdownHeight={320}
      w={w}
      comboboxProps={{ width: 'target', position: 'bottom-start' }}
    />
  );
}
