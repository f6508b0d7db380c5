// The audit log's Action filter: the actions the server writes (GET /api/v1/audit/actions), searchable
// by any part of the name. An action in the address that the list lacks (an old name) still filters.
import { Select } from '@mantine/core';
import type { PickerProps } from '../ui/filter-bar';
import { useAuditActions } from './party-suggestions';

export function ActionSelect({ label, value, onPick, w }: PickerProps) {
  const actions = useAuditActions();
  const listed = actions.data ?? [];
  const data = value !== '' && !listed.includes(value) ? [value, ...listed] : listed;
  return (
    <Select
      label={label}
      placeholder={actions.isError ? 'Actions could not be read' : 'Any action'}
      searchable
      clearable
      data={data}
      value={value === '' ? null : value}
      onChange={(a) => onPick(a ?? '')}
      nothingFoundMessage="No such action"
      maxDropdownHeight={320}
      w={w}
    />
  );
}
