// The first-run checklist, shown on the overview until every step is done: each step says what to do
// and links to where it is done; a done step is ticked and says so in words.
import { Link } from 'react-router';
import { Anchor, Group, Paper, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheckFilled, IconCircleDashed } from '@tabler/icons-react';
import type { ChecklistStep } from './checklist';

export function FirstRunChecklist({ steps }: { steps: ChecklistStep[] }) {
  const done = steps.filter((s) => s.done).length;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Getting started">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          Getting started
        </Title>
        <Text size="sm" c="dimmed">
          {done} of {steps.length} done
        </Text>
      </Group>
      <Progress value={(done / steps.length) * 100} size="sm" mb="md" aria-hidden />
      <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {steps.map((s) => (
          <Group key={s.id} component="li" gap="sm" wrap="nowrap" align="flex-start" data-step={s.id}>
            <ThemeIcon variant="transparent" color={s.done ? 'green' : 'gray'} size="sm" aria-hidden>
              {s.done ? <IconCircleCheckFilled size={18} /> : <IconCircleDashed size={18} />}
            </ThemeIcon>
            <div>
              <Anchor
                component={Link}
                to={s.href}
                fw={600}
                size="sm"
                td={s.done ? 'line-through' : undefined}
              >
                {s.label}
              </Anchor>
              <Text component="span" size="sm" c={s.done ? 'green' : 'dimmed'}>
                {s.done ? ' — done' : ' — to do'}
              </Text>
              {!s.done && (
                <Text size="sm" c="dimmed">
                  {s.how}
                </Text>
              )}
            </div>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
