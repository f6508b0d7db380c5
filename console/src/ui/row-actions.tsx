// The buttons at the end of a table row (reissue, revoke; edit, rotate, delete). Each names the row it
// acts on for screen readers ("Revoke splunk-siem"); the one that destroys something is red. An action
// the API would refuse is disabled before the click, with the reason in a tooltip: it stays focusable
// (data-disabled, not disabled), so that a keyboard user reaches it and hears why.
import { Button, Group, Tooltip } from '@mantine/core';

export interface RowAction {
  label: string;
  destructive?: boolean;
  /** Why the action is not possible now; the button is disabled and says so. */
  disabledReason?: string;
  onClick(): void;
}

export function RowActions({ name, actions }: { name: string; actions: RowAction[] }) {
  return (
    <Group gap="xs" wrap="nowrap" data-row-actions>
      {actions.map((a) =>
        a.disabledReason ? (
          <Tooltip key={a.label} label={a.disabledReason} multiline maw={320} withArrow>
            <Button
              size="xs"
              variant="default"
              data-disabled
              aria-disabled
              aria-label={`${a.label} ${name}`}
              aria-description={a.disabledReason}
              onClick={(e) => e.preventDefault()}
            >
              {a.label}
            </Button>
          </Tooltip>
        ) : (
          <Button
            key={a.label}
            size="xs"
            {...(a.destructive ? { color: 'red', variant: 'light' } : { variant: 'default' })}
            onClick={a.onClick}
            aria-label={`${a.label} ${name}`}
          >
            {a.label}
          </Button>
        ),
      )}
    </Group>
  );
}
