// Curate the Gateway's model list: exact names, one per line or comma-separated.
import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { modelsError, modelsText, parseModels } from './model-entries';
import { useSetModelList } from './provider-key-queries';

export function CurateModelsDialog(props: { opened: boolean; current: string[]; onClose(): void }) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Curate the Gateway model list">
      {props.opened && <CurateForm current={props.current} onClose={props.onClose} />}
    </Modal>
  );
}

function CurateForm({ current, onClose }: { current: string[]; onClose(): void }) {
  const save = useSetModelList();
  const [text, setText] = useState(modelsText(current));
  const models = parseModels(text, true);
  const error = modelsError(models, true);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!error) save.mutate(models.entries, { onSuccess: onClose });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Textarea
          label="Listed models"
          description="Exact model names, one per line or comma-separated, in the order tools should see them. The list no longer follows the provider keys until you reset it."
          autosize
          minRows={4}
          maxRows={14}
          spellCheck={false}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          error={error}
          data-autofocus
        />
        {save.isError && (
          <Alert color="red" role="alert">
            {save.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={error !== null} loading={save.isPending}>
            Save the list
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
