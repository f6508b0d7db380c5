// The models the Gateway lists at GET /v1/models: the provider keys' exact model names, or a list an
// admin curated. Admins may curate it, or go back to following the keys.
import { useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { canManage, useAdmin } from '../session/session-context';
import { EmptyState, ErrorState, Loading } from '../ui/states';
import { FAMILY_LABEL } from './provider-families';
import { useModelList, useSetModelList } from './provider-key-queries';
import { CurateModelsDialog } from './curate-models-dialog';

export function ModelListSection() {
  const manage = canManage(useAdmin());
  const list = useModelList();
  const reset = useSetModelList();
  const [curating, setCurating] = useState(false);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="gateway-models">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} size="h4" id="gateway-models">
              Gateway model list
            </Title>
            <Text size="sm" c="dimmed">
              What tools see when they ask the Gateway for its models (GET /v1/models).
            </Text>
          </div>
          {manage && list.data && (
            <Group gap="xs">
              <Button size="xs" variant="default" onClick={() => setCurating(true)}>
                Curate the list
              </Button>
              {list.data.curated && (
                <Button
                  size="xs"
                  variant="subtle"
                  loading={reset.isPending}
                  onClick={() => reset.mutate(null)}
                >
                  Follow the provider keys
                </Button>
              )}
            </Group>
          )}
        </Group>
        {list.isPending ? (
          <Loading label="Loading the model list…" />
        ) : list.isError ? (
          <ErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : (
          <>
            <Text size="sm" aria-live="polite">
              {list.data.curated
                ? 'Curated by an admin: the Gateway lists exactly these models.'
                : 'Follows the provider keys: every exact model name they enable (patterns such as claude-* cannot be listed).'}
            </Text>
            {list.data.models.length === 0 ? (
              <EmptyState title="The list is empty">
                {manage
                  ? 'Enable exact model names in a provider key, or curate the list.'
                  : 'It fills as admins enable exact model names in provider keys.'}
              </EmptyState>
            ) : (
              <Group gap={6} aria-label="Listed models">
                {list.data.models.map((m) => (
                  <Tooltip
                    key={m.id}
                    label={
                      m.provider
                        ? FAMILY_LABEL[m.provider]
                        : 'No provider key (or more than one provider) enables it'
                    }
                  >
                    <Badge variant="light" color={m.provider ? 'indigo' : 'gray'} tt="none" size="lg">
                      {m.id}
                      {!m.provider && ' (no key)'}
                    </Badge>
                  </Tooltip>
                ))}
              </Group>
            )}
            {reset.isError && (
              <Alert color="red" role="alert">
                {reset.error.message}
              </Alert>
            )}
          </>
        )}
      </Stack>
      {manage && list.data && (
        <CurateModelsDialog
          opened={curating}
          current={list.data.models.map((m) => m.id)}
          onClose={() => setCurating(false)}
        />
      )}
    </Paper>
  );
}
