// A read-only value with a copy button (a client secret, an invitation link): the button names what it
// copies for screen readers and says when it has copied.
import { ActionIcon, CopyButton, Group, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

export function CopyField({ label, value }: { label: string; value: string }) {
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <TextInput label={label} value={value} readOnly ff="monospace" style={{ flex: 1 }} />
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copied' : 'Copy'}>
            <ActionIcon
              variant="light"
              size="lg"
              mb={2}
              onClick={copy}
              aria-label={`Copy ${label.toLowerCase()}`}
              color={copied ? 'teal' : undefined}
            >
              {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
