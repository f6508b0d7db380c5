// The mark on a card or a row whose change is staged but not saved yet, so that the admin sees where the
// changes the save bar counts are. "deleted" marks a rule or tool that saving removes.
import { Badge } from '@mantine/core';

export function UnsavedBadge({
  what = 'unsaved',
}: {
  what?: 'unsaved' | 'new, unsaved' | 'deleted, unsaved';
}) {
  return (
    <Badge size="sm" variant="light" color={what === 'deleted, unsaved' ? 'red' : 'yellow'} tt="none">
      {what}
    </Badge>
  );
}
