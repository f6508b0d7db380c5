// The buttons at the end of a table row (reissue, revoke; edit, rotate, delete). Each names the row it
// acts on for screen readers ("Revoke splunk-siem"); the one that destroys something is red.
import { Button, Group } from '@mantine/core';

export interface RowAction {
  label: string;
  destructive?: boolean;
  onClick(): void;
}

export function RowActions({ name, actions }: { name: string; actions: RowAction[] }) {
  return (
    <Group gap="xs" wrap="nowrap">
      {actions.map((a) => (
        <Button
          key={a.label}
          size="xs"
          {...(a.destructive ? { color: 'red', variant: 'light' } : { variant: 'default' })}
          onClick={a.onClick}
          aria-label={`${a.label} ${name}`}
        >
          {a.label}
        </Button>
      ))}
    </Group>
  );
}
