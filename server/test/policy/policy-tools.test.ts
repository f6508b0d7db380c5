// The policy's tools list without a server: what validation accepts and refuses (naming the field), the
// canonical form, and how the Gateway recognises a tool and its mode from a user agent, following the
// policy as it changes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ApiError } from '../../src/errors.ts';
import { DEFAULT_POLICY } from '../../src/policy/policy-defaults.ts';
import type { PolicyDocument, ToolSetting } from '../../src/policy/policy-types.ts';
import { validatePolicy } from '../../src/policy/policy-validation.ts';
import { diffPolicy } from '../../../shared/policy-diff.ts';
import { auditedChanges } from '../../src/policy/policy-diff.ts';
import { createToolRecogniser } from '../../src/gateway/tools.ts';

const withTools = (tools: unknown[]) => ({ ...structuredClone(DEFAULT_POLICY), tools }) as PolicyDocument;

function refused(tools: unknown[], field: RegExp) {
  assert.throws(
    () => validatePolicy(withTools(tools)),
    (err: unknown) => {
      assert.ok(err instanceof ApiError, `not an ApiError: ${String(err)}`);
      assert.equal(err.code, 'invalid_request');
      assert.match(err.message, field);
      return true;
    },
  );
}

test('validatePolicy: built-in tools by id, admin-defined ones with a name and a safe pattern', () => {
  const sub = 'subscription' as const;
  refused(
    [{ id: 'claude-code', name: 'Claude', mode: sub }],
    /^tools\[0\]: "claude-code" is a built-in tool/,
  );
  refused([{ id: 'cursor', user_agent: 'x', mode: sub }], /^tools\[0\]: .*give only its id and mode/);
  refused([{ id: 'acme', name: 'Acme', mode: sub }], /^tools\[0\]: .*needs a name and a user_agent/);
  refused([{ id: 'acme', user_agent: '^acme/', mode: sub }], /^tools\[0\]: .*needs a name/);
  refused(
    [{ id: 'acme', name: 'Acme', user_agent: '[', mode: sub }],
    /^tools\[0\]\.user_agent: it is not a valid/,
  );
  refused(
    [{ id: 'acme', name: 'Acme', user_agent: '.*', mode: sub }],
    /^tools\[0\]\.user_agent: it matches empty/,
  );
  refused([{ id: 'acme', name: 'Acme', user_agent: '(a+)+$', mode: sub }], /^tools\[0\]\.user_agent: it /);
  refused([{ id: 'unknown', name: 'U', user_agent: '^u/', mode: sub }], /^tools\[0\]\.id: "unknown"/);
  refused(
    [
      { id: 'codex', mode: sub },
      { id: 'codex', mode: 'provider_key' },
    ],
    /^tools\[1\]\.id: "codex" is the id of tools\[0\] already/,
  );
});

test('validatePolicy rebuilds tools in one key order; a document without tools has none', () => {
  const doc = validatePolicy(
    withTools([
      { mode: 'subscription', user_agent: '^acme-agent/', name: 'Acme agent', id: 'acme-agent' },
      { mode: 'provider_key', id: 'codex' },
    ]),
  );
  assert.equal(
    JSON.stringify(doc.tools),
    JSON.stringify([
      { id: 'acme-agent', name: 'Acme agent', user_agent: '^acme-agent/', mode: 'subscription' },
      { id: 'codex', mode: 'provider_key' },
    ]),
  );
  const { tools: _none, ...without } = structuredClone(DEFAULT_POLICY);
  assert.deepEqual(validatePolicy(without as PolicyDocument).tools, []);
});

test('a mode change is audited with its values', () => {
  const before = withTools([{ id: 'codex', mode: 'provider_key' }]);
  const after = withTools([{ id: 'codex', mode: 'subscription' }]);
  assert.deepEqual(auditedChanges(diffPolicy(before, after)), [
    { op: 'replace', path: '/tools/0/mode', before: 'provider_key', after: 'subscription' },
  ]);
});

test('a tool entry added or removed whole is audited with its id and mode, not its pattern', () => {
  const custom = {
    id: 'acme-agent',
    name: 'Acme agent',
    user_agent: '^acme-secret-agent/',
    mode: 'subscription',
  };
  const before = withTools([custom]);
  const after = withTools([{ id: 'claude-code', mode: 'subscription' }]);
  const audited = auditedChanges(diffPolicy(before, after));
  assert.deepEqual(audited, [
    { op: 'remove', path: '/tools/0', before: 'acme-agent: subscription' },
    { op: 'add', path: '/tools/0', after: 'claude-code: subscription' },
  ]);
  assert.ok(
    !JSON.stringify(audited).includes('acme-secret'),
    'the user-agent pattern stays out of the audit',
  );
});

test('the recogniser: admin-defined tools first, built-ins after, modes from the policy in force', () => {
  let current = { version: 1, document: withTools([]) };
  const tools = createToolRecogniser({ current: () => current });
  assert.deepEqual(tools.recognise('claude-cli/2.0.1 (external, cli)'), {
    id: 'claude-code',
    name: 'Claude Code',
    mode: 'provider_key',
  });
  assert.equal(tools.recognise(undefined).id, 'unknown');
  assert.equal(tools.recognise('acme-agent/1.0 claude-cli/2.0').id, 'unknown');

  const settings: ToolSetting[] = [
    { id: 'claude-code', mode: 'subscription' },
    { id: 'acme-agent', name: 'Acme agent', user_agent: '^ACME-agent/', mode: 'subscription' },
  ];
  current = { version: 2, document: withTools(settings) };
  assert.equal(tools.recognise('claude-cli/2.0.1 (external, cli)').mode, 'subscription');
  // Case-insensitive, and ahead of the built-in patterns.
  assert.deepEqual(tools.recognise('acme-agent/1.0 claude-cli/2.0'), {
    id: 'acme-agent',
    name: 'Acme agent',
    mode: 'subscription',
  });
  current = { version: 3, document: withTools([]) };
  assert.equal(tools.recognise('claude-cli/2.0.1 (external, cli)').mode, 'provider_key');
  assert.equal(tools.recognise('acme-agent/1.0 claude-cli/2.0').id, 'unknown');
});
