// Curate the Gateway's model list: exact names, one per line or comma-separated.
import { useState } from 'react';
import { Modal, Textarea } from '@mantine/core';
import { DialogForm } from '../ui/dialog-form';
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

  return (
    <DialogForm
      submit="Save the list"
      ready={error === null}
      mutation={save}
      onSubmit={() => save.mutate(models.entries, { onSuccess: onClose })}
      onCancel={onClose}
    >
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
    </DialogForm>
  );
}
