// The observatory's settings. The feed's switch saves on its own, through its confirmation; the rest (k,
// private scopes and registries, subscribed feeds, registry addresses) gathers in the form until "Save
// changes", which sends every setting with the feed's as saved. The API's refusal is shown under the
// field it names. Viewers read the settings and change nothing (the API refuses them anyway).
import { useState } from 'react';
import { Alert, Button, Group, NumberInput, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import type { ObservatorySettings, ObservatorySettingsView, SubscriptionStatus } from '../api/client';
import { formatTime } from '../activity/format';
import { settingsOf, useSaveObservatorySettings } from './slopsquat-queries';
import { problemOf, settingsProblems } from './settings-errors';
import { FeedSwitchDialog } from './feed-switch-dialog';
import { StringListEditor } from './string-list-editor';
import { RegistryFields } from './registry-fields';
import { plural } from '../../../shared/plural.ts';

/** The settings the form edits: everything but the feed's switch. */
const formPart = ({ feed_enabled: _, ...rest }: ObservatorySettings) => rest;

export function SettingsSection(props: { settings: ObservatorySettingsView; canManage: boolean }) {
  const { settings, canManage } = props;
  const [switching, setSwitching] = useState(false);
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const saved = settingsOf(settings);
  return (
    <Stack>
      <Paper withBorder p="md" component="section" aria-labelledby="feed-switch">
        <Stack gap="xs">
          <Title order={3} size="h5" id="feed-switch">
            Public feed
          </Title>
          {canManage ? (
            <Switch
              checked={settings.feed_enabled}
              // Only asks: the confirmation saves.
              onChange={() => setSwitching(true)}
              label={settings.feed_enabled ? 'Published' : 'Off'}
              description={`GET ${settings.feed_url}`}
              aria-label="Publish the observatory feed"
            />
          ) : (
            <Text size="sm">
              {settings.feed_enabled ? 'Published' : 'Off'} at{' '}
              <Text span ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                {settings.feed_url}
              </Text>
            </Text>
          )}
        </Stack>
      </Paper>
      {/* Saved settings from elsewhere (a save here, another admin's) start the form again. */}
      <SettingsForm
        key={JSON.stringify(formPart(saved))}
        view={settings}
        canManage={canManage}
        onSaved={() => setSavedAt(new Date().toISOString())}
      />
      {savedAt && (
        <Text size="sm" role="status">
          The settings were saved {formatTime(savedAt)} and recorded in the audit log.
        </Text>
      )}
      {canManage && (
        <FeedSwitchDialog settings={settings} opened={switching} onClose={() => setSwitching(false)} />
      )}
    </Stack>
  );
}

function SettingsForm(props: { view: ObservatorySettingsView; canManage: boolean; onSaved(): void }) {
  const { view, canManage } = props;
  const saved = formPart(settingsOf(view));
  const [draft, setDraft] = useState(saved);
  const [kText, setKText] = useState<string | number>(saved.k);
  const save = useSaveObservatorySettings(props.onSaved);
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved) || Number(kText) !== saved.k;
  const sent: ObservatorySettings = { ...draft, k: Number(kText), feed_enabled: view.feed_enabled };
  const problems = settingsProblems(save.error, sent);
  const unplaced = problems.filter(
    (p) =>
      p.field === null ||
      p.field === 'feed_enabled' ||
      ((p.field === 'private_scopes' || p.field === 'subscriptions') && p.index === undefined),
  );
  const kMissing = kText === '' || !Number.isInteger(Number(kText));

  return (
    <Paper
      withBorder
      p="md"
      component="form"
      aria-label="Observatory settings"
      onSubmit={(e) => {
        e.preventDefault();
        if (canManage && dirty && !kMissing) save.mutate(sent);
      }}
    >
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={3} size="h5">
            What is published
          </Title>
          {canManage ? (
            <NumberInput
              label="k: developers before a name is published"
              description="A name is listed once at least this many different developers were served it invented. Fewer would let a name point at one person."
              value={kText}
              onChange={setKText}
              allowDecimal={false}
              allowNegative={false}
              error={kMissing ? 'Give a whole number.' : problemOf(problems, 'k')}
              maw={360}
            />
          ) : (
            <Text size="sm">
              k = <b>{saved.k}</b>: a name is listed once {saved.k} different developers were served it
              invented.
            </Text>
          )}
          <Text size="sm" fw={600} mt="xs">
            Private scopes
          </Text>
          <Text size="xs" c="dimmed">
            Names never published, whoever sees them: your organisation’s own packages, which a model invents
            from your code. Globs such as @acme/* or acme-*, any case; npm:acme-* limits one to an ecosystem.
          </Text>
          <StringListEditor
            label="Private scopes"
            noun="pattern"
            placeholder="@acme/*"
            entries={draft.private_scopes}
            canManage={canManage}
            empty="No private scope."
            errorAt={(i) => problemOf(problems, 'private_scopes', { index: i })}
            onChange={(private_scopes) => setDraft({ ...draft, private_scopes })}
          />
          <Text size="sm" fw={600} mt="xs">
            Private registries
          </Text>
          <Text size="xs" c="dimmed">
            Your organisation’s own registry per ecosystem (Artifactory, Nexus, Verdaccio, devpi): a name it
            holds is never published, and a name is held back until it has been asked.
          </Text>
          <RegistryFields
            label="Private registries"
            values={draft.private_registries}
            canManage={canManage}
            unset={() => 'none'}
            none="No private registry."
            errorOf={(e) => problemOf(problems, 'private_registries', { key: e })}
            onChange={(private_registries) => setDraft({ ...draft, private_registries })}
          />
        </Stack>
        <Stack gap="xs">
          <Title order={3} size="h5">
            Subscriptions
          </Title>
          <Text size="xs" c="dimmed">
            Other Gatehouse deployments’ feeds (…/v1/slopsquat/observatory): the names they publish are known
            hallucinations here, caught before one of your models invents them.
          </Text>
          <StringListEditor
            label="Subscribed feeds"
            noun="feed address"
            placeholder="https://gatehouse.example.org/v1/slopsquat/observatory"
            entries={draft.subscriptions}
            canManage={canManage}
            empty="No subscription."
            errorAt={(i) => problemOf(problems, 'subscriptions', { index: i })}
            about={(url) => <FeedStatus status={view.subscription_status.find((s) => s.url === url)} />}
            onChange={(subscriptions) => setDraft({ ...draft, subscriptions })}
          />
        </Stack>
        <Stack gap="xs">
          <Title order={3} size="h5">
            Registry addresses
          </Title>
          <Text size="xs" c="dimmed">
            Where the Gateway asks whether a package exists, when your installs go through a mirror: the
            answer that matters is the one your installs get. Empty: the server’s setting
            (GATEHOUSE_SLOPSQUAT_REGISTRIES), by default the public registry.
          </Text>
          <RegistryFields
            label="Registry addresses"
            values={draft.registries}
            canManage={canManage}
            // What an empty field means: the registry asked now, unless that is this setting's own.
            unset={(e) =>
              saved.registries[e]
                ? 'the server’s setting (GATEHOUSE_SLOPSQUAT_REGISTRIES)'
                : view.registries_in_effect[e]
            }
            none={`None set: the Gateway asks ${Object.values(view.registries_in_effect).join(', ')}.`}
            errorOf={(e) => problemOf(problems, 'registries', { key: e })}
            onChange={(registries) => setDraft({ ...draft, registries })}
          />
        </Stack>
        {unplaced.length > 0 && (
          <Alert color="red" role="alert" title="The settings were not saved">
            {unplaced.map((p) => p.problem).join(' ')}
          </Alert>
        )}
        {canManage && dirty && (
          <Group justify="flex-end">
            <Text size="sm" c="dimmed" mr="auto">
              Unsaved changes to the observatory settings.
            </Text>
            <Button
              variant="default"
              onClick={() => {
                setDraft(saved);
                setKText(saved.k);
                save.reset();
              }}
            >
              Discard
            </Button>
            <Button type="submit" loading={save.isPending} disabled={kMissing}>
              Save changes
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** How a subscribed feed was last read: when, how many names, or why it failed. */
function FeedStatus({ status }: { status: SubscriptionStatus | undefined }) {
  if (!status)
    return (
      <Text size="xs" c="dimmed">
        Read once saved.
      </Text>
    );
  if (status.last_error)
    return (
      <Text size="xs" c="orange.8">
        Last read failed{status.last_polled_at ? ` ${formatTime(status.last_polled_at)}` : ''}:{' '}
        {status.last_error}
        {status.last_success_at
          ? ` (last read ${formatTime(status.last_success_at)}, ${plural(status.names, 'name')})`
          : ''}
      </Text>
    );
  return (
    <Text size="xs" c="dimmed">
      {status.last_success_at
        ? `${status.names.toLocaleString('en')} ${status.names === 1 ? 'name' : 'names'}, read ${formatTime(status.last_success_at)}`
        : 'Not read yet.'}
    </Text>
  );
}
