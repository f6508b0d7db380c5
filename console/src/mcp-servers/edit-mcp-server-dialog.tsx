// Editing a server: alias, endpoint, description and headers. The API takes headers only as a whole set
// that replaces the stored one (a value cannot be left blank to keep it: the page never has it), so the
// stored headers are kept unless the admin chooses to replace them, and then every value is typed again.
// A new endpoint asks for them again, as a provider key's new endpoint asks for its secret: the headers
// go wherever the URL points, so only someone who holds them may move them.
import { useState } from 'react';
import { Checkbox, Code, Group, Modal, Stack, Text } from '@mantine/core';
import type { McpServer } from '../api/client';
import { DialogForm } from '../ui/dialog-form';
import { useUpdateMcpServer, type McpServerChange } from './mcp-server-queries';
import { AliasInput, DescriptionInput, UrlInput, aliasError, urlError } from './server-fields';
import { HeaderRowsInput, headerRow, headersBody, headersReady, type HeaderRow } from './header-rows';

/** The URL as the server keeps it (new URL(...).toString()), to tell whether the typed one is new. */
function sameUrl(typed: string, stored: string): boolean {
  try {
    return new URL(typed.trim()).toString() === stored;
  } catch {
    return false;
  }
}

export function EditMcpServerDialog(props: { server: McpServer | null; onClose(): void }) {
  return (
    <Modal
      opened={props.server !== null}
      onClose={props.onClose}
      title={props.server ? `Edit ${props.server.alias}` : ''}
      size="lg"
    >
      {props.server && <EditForm server={props.server} onClose={props.onClose} />}
    </Modal>
  );
}

function EditForm({ server, onClose }: { server: McpServer; onClose(): void }) {
  const update = useUpdateMcpServer();
  const stored = Object.entries(server.headers);
  const [alias, setAlias] = useState(server.alias);
  const [url, setUrl] = useState(server.url);
  const [description, setDescription] = useState(server.description ?? '');
  const [replacing, setReplacing] = useState(false);
  const [headers, setHeaders] = useState<HeaderRow[]>(() =>
    stored.map(([name, mask]) => headerRow(name, mask)),
  );
  const moved = !sameUrl(url, server.url);
  // With no stored headers there is nothing to keep: the rows are the new set (none sends none).
  const sendHeaders = stored.length === 0 ? headers.length > 0 : replacing || moved;
  const ready =
    alias !== '' &&
    aliasError(alias) === null &&
    url.trim() !== '' &&
    urlError(url) === null &&
    (!sendHeaders || headersReady(headers));

  function submit() {
    const body: McpServerChange = {
      ...(alias !== server.alias ? { alias } : {}),
      ...(moved ? { url: url.trim() } : {}),
      ...((description.trim() || null) !== server.description
        ? { description: description.trim() || null }
        : {}),
      ...(sendHeaders ? { headers: headersBody(headers) } : {}),
    };
    if (Object.keys(body).length === 0) return onClose();
    update.mutate({ id: server.id, body }, { onSuccess: onClose });
  }

  return (
    <DialogForm
      submit="Save changes"
      ready={ready}
      mutation={update}
      errorTitle="The server was not changed"
      onSubmit={submit}
      onCancel={onClose}
    >
      <AliasInput value={alias} onChange={setAlias} />
      <UrlInput value={url} onChange={setUrl} />
      <DescriptionInput value={description} onChange={setDescription} />
      {stored.length === 0 ? (
        <HeaderRowsInput rows={headers} onChange={setHeaders} />
      ) : (
        <Stack gap="xs">
          <Checkbox
            label="Replace the stored headers"
            description={
              moved
                ? 'A new URL needs the headers again: the server’s credentials go wherever the URL points. Type every value (the current one or a new one), or remove the rows to send none.'
                : 'Left unticked, the stored headers are kept as they are. Ticked, the rows below replace the whole set: every value must be typed again, since Gatehouse never shows a stored one.'
            }
            checked={replacing || moved}
            disabled={moved}
            onChange={(e) => setReplacing(e.currentTarget.checked)}
          />
          {replacing || moved ? (
            <HeaderRowsInput rows={headers} onChange={setHeaders} />
          ) : (
            <Stack gap={4} aria-label="Stored headers">
              {stored.map(([name, mask]) => (
                <Group key={name} gap="xs">
                  <Code>{name}</Code>
                  <Text size="sm" ff="monospace">
                    {mask}
                  </Text>
                </Group>
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </DialogForm>
  );
}
