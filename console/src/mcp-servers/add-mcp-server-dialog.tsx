// Registering a remote MCP server: its alias, its endpoint, a description and its own headers. What the
// API refuses is shown in the dialog; the header values are forgotten when the dialog closes.
import { useState } from 'react';
import { Modal } from '@mantine/core';
import { DialogForm } from '../ui/dialog-form';
import { useCreateMcpServer } from './mcp-server-queries';
import { AliasInput, DescriptionInput, UrlInput, aliasError, urlError } from './server-fields';
import { HeaderRowsInput, headersBody, headersReady, type HeaderRow } from './header-rows';

export function AddMcpServerDialog(props: { opened: boolean; onClose(): void }) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Register an MCP server" size="lg">
      {props.opened && <AddForm onClose={props.onClose} />}
    </Modal>
  );
}

function AddForm({ onClose }: { onClose(): void }) {
  const create = useCreateMcpServer();
  const [alias, setAlias] = useState('');
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [headers, setHeaders] = useState<HeaderRow[]>([]);
  const ready =
    alias !== '' &&
    aliasError(alias) === null &&
    url.trim() !== '' &&
    urlError(url) === null &&
    headersReady(headers);

  return (
    <DialogForm
      submit="Register server"
      ready={ready}
      mutation={create}
      errorTitle="The server was not registered"
      onSubmit={() =>
        create.mutate(
          {
            alias,
            url: url.trim(),
            description: description.trim() || null,
            headers: headersBody(headers),
          },
          { onSuccess: onClose },
        )
      }
      onCancel={onClose}
    >
      <AliasInput value={alias} onChange={setAlias} />
      <UrlInput value={url} onChange={setUrl} />
      <DescriptionInput value={description} onChange={setDescription} />
      <HeaderRowsInput rows={headers} onChange={setHeaders} />
    </DialogForm>
  );
}
