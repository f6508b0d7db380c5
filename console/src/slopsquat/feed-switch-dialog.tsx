// Turning the public feed on or off asks first, saying what changes for whom: on, anyone may read the
// names the preview shows, without signing in; off, the address answers 404 and subscribers read nothing
// new. Only the switch is saved (over the saved settings): an unsaved edit of the form is not sent.
import { Modal, Text } from '@mantine/core';
import type { ObservatorySettingsView } from '../api/client';
import { DialogForm } from '../ui/dialog-form';
import { settingsOf, useSaveObservatorySettings } from './slopsquat-queries';

export function FeedSwitchDialog(props: {
  settings: ObservatorySettingsView;
  opened: boolean;
  onClose(): void;
}) {
  const on = props.settings.feed_enabled;
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={on ? 'Turn the public feed off' : 'Turn the public feed on'}
    >
      {props.opened && <SwitchForm settings={props.settings} onClose={props.onClose} />}
    </Modal>
  );
}

function SwitchForm({ settings, onClose }: { settings: ObservatorySettingsView; onClose(): void }) {
  const save = useSaveObservatorySettings();
  const turningOn = !settings.feed_enabled;
  return (
    <DialogForm
      submit={turningOn ? 'Publish the feed' : 'Turn the feed off'}
      {...(turningOn ? {} : { color: 'red' })}
      ready
      mutation={save}
      errorTitle="The feed was not changed"
      onSubmit={() =>
        save.mutate({ ...settingsOf(settings), feed_enabled: turningOn }, { onSuccess: onClose })
      }
      onCancel={onClose}
    >
      {turningOn ? (
        <Text size="sm">
          From the next request, anyone can read at <b>{settings.feed_url}</b>, without signing in, the names
          the preview shows: each invented for at least {settings.k} different developers, none of your
          private scopes or registries, with no developer, device, prompt or answer. Other Gatehouse
          deployments may subscribe to it. The change is recorded in the audit log.
        </Text>
      ) : (
        <Text size="sm">
          From the next request, <b>{settings.feed_url}</b> answers 404, and deployments subscribed to it read
          no new names (what they read already stays with them). Sightings are still counted here, so turning
          it on again publishes the list as it then stands. The change is recorded in the audit log.
        </Text>
      )}
    </DialogForm>
  );
}
