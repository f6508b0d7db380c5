// The first-run checklist: the five steps that make Gatehouse useful, each done when the API shows it
// done, each linking to where it is done. The overview shows the list until every step is done.

/** What the API says, or undefined while it is being read (or could not be). */
export interface SetupFacts {
  providerKeys: number | undefined;
  /** Developers in any status: an invitation sent is the step done. */
  developers: number | undefined;
  devices: number | undefined;
  /** Gateway requests ever recorded (not only in the overview's window). */
  requests: number | undefined;
  /** The policy's version in force: 1 is the default every store starts with. */
  policyVersion: number | undefined;
}

export interface ChecklistStep {
  id: 'provider-key' | 'developer' | 'device' | 'request' | 'policy';
  label: string;
  /** What to do, in one sentence. */
  how: string;
  href: string;
  /** null: not known yet. */
  done: boolean | null;
}

const known = (n: number | undefined, doneFrom: number) => (n === undefined ? null : n >= doneFrom);

export function checklistSteps(f: SetupFacts): ChecklistStep[] {
  return [
    {
      id: 'provider-key',
      label: 'Add a provider key',
      how: 'The organisation’s key for Anthropic, OpenAI, Azure OpenAI or Gemini, which the Gateway sends upstream.',
      href: '/provider-keys',
      done: known(f.providerKeys, 1),
    },
    {
      id: 'developer',
      label: 'Invite a developer',
      how: 'They set a password from the link and sign their machine in with the Gatehouse client.',
      href: '/people',
      done: known(f.developers, 1),
    },
    {
      id: 'device',
      label: 'Sign a device in',
      how: 'On a developer’s machine: gatehouse-client login, then approve the code it shows.',
      href: '/devices',
      done: known(f.devices, 1),
    },
    {
      id: 'request',
      label: 'Send a first request',
      how: 'Point a tool at the Gateway (gatehouse-client setup, or its base URL and a gateway:invoke token).',
      href: '/activity',
      done: known(f.requests, 1),
    },
    {
      id: 'policy',
      label: 'Review the policy',
      how: 'Decide what the detectors block, redact or only record, and save it: the defaults are version 1.',
      href: '/policy',
      done: known(f.policyVersion, 2),
    },
  ];
}

/**
 * Whether the overview shows the checklist: while any step is not done, once every fact is known (a
 * list that appears and then vanishes as the reads land would jump the page).
 */
export function showChecklist(steps: ChecklistStep[]): boolean {
  return steps.every((s) => s.done !== null) && steps.some((s) => !s.done);
}
