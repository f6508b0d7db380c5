// Adding or editing a SIEM destination: name, type, URL, format, streams, and the type's credential
// (a Splunk HEC token, or a webhook's signing secret). A stored credential is shown masked and is kept
// unless something is typed in its place: the page never has it.
import { useState } from 'react';
import { Checkbox, Group, Modal, PasswordInput, Select, Switch, TextInput } from '@mantine/core';
import type { SiemDestination } from '../api/client';
import { DialogForm } from '../ui/dialog-form';
import { useCreateDestination, useUpdateDestination, type DestinationChange } from './siem-queries';

type Kind = SiemDestination['type'];
type Stream = SiemDestination['streams'][number];

const TYPES: Array<{ value: Kind; label: string }> = [
  { value: 'splunk_hec', label: 'Splunk HTTP Event Collector' },
  { value: 'webhook', label: 'Webhook (signed JSON)' },
  { value: 'syslog', label: 'Syslog over TLS' },
];
const FORMATS: Array<{ value: SiemDestination['format']; label: string }> = [
  { value: 'json', label: 'JSON' },
  { value: 'cef', label: 'CEF' },
  { value: 'ocsf', label: 'OCSF' },
];
export const STREAMS: Array<{ value: Stream; label: string }> = [
  { value: 'audit', label: 'Audit events' },
  { value: 'activity', label: 'Gateway activity' },
  { value: 'findings', label: 'Risk findings' },
];

export function DestinationDialog(props: {
  opened: boolean;
  editing: SiemDestination | null;
  onClose(): void;
}) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.editing ? `Edit ${props.editing.name}` : 'Add a SIEM destination'}
      size="lg"
    >
      {props.opened && <DestinationForm editing={props.editing} onClose={props.onClose} />}
    </Modal>
  );
}

function DestinationForm({ editing, onClose }: { editing: SiemDestination | null; onClose(): void }) {
  const create = useCreateDestination();
  const update = useUpdateDestination();
  const mutation = editing ? update : create;
  const [name, setName] = useState(editing?.name ?? '');
  const [type, setType] = useState<Kind>(editing?.type ?? 'splunk_hec');
  const [url, setUrl] = useState(editing?.url ?? '');
  const [format, setFormat] = useState<SiemDestination['format']>(editing?.format ?? 'json');
  const [streams, setStreams] = useState<Stream[]>(editing?.streams ?? ['audit']);
  const [enabled, setEnabled] = useState(editing?.enabled ?? true);
  const [credential, setCredential] = useState('');
  const credentialField = type === 'splunk_hec' ? 'token' : type === 'webhook' ? 'secret' : null;
  const stored = credentialField && editing ? editing[credentialField] : null;
  const credentialError =
    credentialField === 'secret' && credential !== '' && credential.length < 16
      ? 'At least 16 characters: the receiver checks each batch’s signature with it.'
      : null;
  const ready =
    name.trim() !== '' &&
    url.trim() !== '' &&
    streams.length > 0 &&
    credentialError === null &&
    (credentialField === null || credential !== '' || stored !== null);

  function submit() {
    const typed = credential.trim() === '' ? {} : { [credentialField!]: credential.trim() };
    if (!editing) {
      create.mutate(
        { name: name.trim(), type, url: url.trim(), format, streams, enabled, ...typed },
        { onSuccess: onClose },
      );
      return;
    }
    const body: DestinationChange = {
      ...(name.trim() !== editing.name ? { name: name.trim() } : {}),
      ...(type !== editing.type ? { type } : {}),
      ...(url.trim() !== editing.url ? { url: url.trim() } : {}),
      ...(format !== editing.format ? { format } : {}),
      ...(streams.join() !== editing.streams.join() ? { streams } : {}),
      ...(enabled !== editing.enabled ? { enabled } : {}),
      ...typed,
    };
    if (Object.keys(body).length === 0) return onClose();
    update.mutate({ id: editing.id, body }, { onSuccess: onClose });
  }

  return (
    <DialogForm
      submit={editing ? 'Save changes' : 'Add destination'}
      ready={ready}
      mutation={mutation}
      errorTitle={editing ? 'The destination was not changed' : 'The destination was not added'}
      onSubmit={submit}
      onCancel={onClose}
    >
      <TextInput
        label="Name"
        required
        maxLength={100}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        data-autofocus
      />
      <Group grow align="flex-start">
        <Select
          label="Type"
          required
          allowDeselect={false}
          data={TYPES}
          value={type}
          onChange={(v) => v && setType(v as Kind)}
        />
        <Select
          label="Format"
          required
          allowDeselect={false}
          data={FORMATS}
          value={format}
          onChange={(v) => v && setFormat(v as SiemDestination['format'])}
        />
      </Group>
      <TextInput
        label="URL"
        required
        description={
          type === 'splunk_hec'
            ? 'The collector’s address, e.g. https://splunk.example.com:8088 (events go to /services/collector/event).'
            : type === 'webhook'
              ? 'Batches are POSTed here as {"events": [...]}, signed with the secret.'
              : 'tls://host:port of the syslog receiver.'
        }
        value={url}
        onChange={(e) => setUrl(e.currentTarget.value)}
      />
      {credentialField && (
        <PasswordInput
          label={credentialField === 'token' ? 'HEC token' : 'Signing secret'}
          description={
            stored
              ? `Stored: ${stored}. Leave empty to keep it; type a new one to replace it.`
              : credentialField === 'token'
                ? 'The HTTP Event Collector token Splunk gave you.'
                : 'Shared with the receiver, which checks the Gatehouse-Signature of each batch.'
          }
          required={stored === null}
          autoComplete="off"
          spellCheck={false}
          maxLength={4096}
          value={credential}
          onChange={(e) => setCredential(e.currentTarget.value)}
          error={credentialError}
        />
      )}
      <Checkbox.Group label="Streams" required value={streams} onChange={(v) => setStreams(v as Stream[])}>
        <Group mt="xs">
          {STREAMS.map((s) => (
            <Checkbox key={s.value} value={s.value} label={s.label} />
          ))}
        </Group>
      </Checkbox.Group>
      <Switch label="Enabled" checked={enabled} onChange={(e) => setEnabled(e.currentTarget.checked)} />
    </DialogForm>
  );
}
