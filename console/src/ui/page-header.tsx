// The head of every signed-in page: its title, a sentence on what it holds, and the page's main action
// (create, add) for the admins who may use it.
import type { ReactNode } from 'react';
import { Group, Text, Title } from '@mantine/core';

export function PageHeader(props: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Group justify="space-between">
      <div>
        <Title order={1} size="h2">
          {props.title}
        </Title>
        <Text c="dimmed" size="sm">
          {props.children}
        </Text>
      </div>
      {props.action}
    </Group>
  );
}
