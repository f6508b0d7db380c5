// The secrets detector, rule by rule: each kind found in a realistic sighting with exact offsets,
// checksums that decide, documented examples and placeholders left alone, allowlists, one match per
// span.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { compileDetectorConfig } from '../../../src/policy/detectors/config.ts';
import { secretsDetector, SECRET_RULE_IDS } from '../../../src/policy/detectors/secrets.ts';
import { generate, NEAR_MISSES, SIGHTINGS } from './secret-cases.ts';

const none = compileDetectorConfig({ allowlist: [] });
const scan = (text: string, config = none) => secretsDetector.scan(text, config);

describe('secrets: every rule', () => {
  test('there are at least 40 kinds, each with a sighting below', () => {
    assert.ok(SECRET_RULE_IDS.length >= 40, `only ${SECRET_RULE_IDS.length} rules`);
    const sighted = new Set(SIGHTINGS.map((s) => s.rule));
    const missing = SECRET_RULE_IDS.filter((id) => !sighted.has(id));
    assert.deepEqual(missing, [], `rules without a sighting: ${missing.join(', ')}`);
  });

  for (const s of SIGHTINGS) {
    test(`${s.rule}${s.generator ? ` (${s.generator})` : ''}: found, with exact offsets`, () => {
      for (const variant of [0, 1, 2]) {
        const value = generate(s.generator ?? s.rule, variant);
        const text = s.text(value);
        const expected = s.expected ? s.expected(value) : value;
        const start = text.indexOf(expected);
        const matches = scan(text);
        assert.deepEqual(
          matches.map((m) => ({ rule: m.rule, start: m.start, end: m.end })),
          [{ rule: s.rule, start, end: start + expected.length }],
          `in ${JSON.stringify(text.slice(0, 300))}`,
        );
        const m = matches[0]!;
        assert.equal(m.detector, 'secrets');
        assert.equal(m.label, s.rule, 'the label is the rule');
        assert.ok(['low', 'medium', 'high', 'critical'].includes(m.severity), `severity ${m.severity}`);
      }
    });
  }
});

describe('secrets: near misses', () => {
  for (const n of NEAR_MISSES) {
    test(`nothing in ${n.why}`, () => {
      const found = scan(n.text);
      assert.deepEqual(
        found.map((m) => `${m.rule}: ${n.text.slice(m.start, m.end)}`),
        [],
        `fired in ${JSON.stringify(n.text)}`,
      );
    });
  }
});

describe('secrets: checksums decide the kind', () => {
  test('a GitHub token with a wrong checksum is not a github-token', () => {
    const bad = generate('github-token-bad-checksum');
    assert.deepEqual(scan(`token ${bad} here`), [], 'a bare one does not fire at all');
    const assigned = scan(`GITHUB_TOKEN=${bad}`);
    assert.deepEqual(
      assigned.map((m) => m.rule),
      ['generic-secret'],
      'assigned to a secret name it is only a generic secret',
    );
  });

  test('an npm token with a wrong checksum is not an npm-token', () => {
    assert.deepEqual(scan(`token ${generate('npm-token-bad-checksum')} here`), [], 'no match');
  });

  test('each of the five GitHub prefixes carries the checksum', () => {
    const good = generate('github-token');
    for (const prefix of ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_']) {
      const token = prefix + good.slice(4);
      assert.deepEqual(
        scan(`t ${token} t`).map((m) => m.rule),
        ['github-token'],
        `${prefix} token not found`,
      );
    }
  });

  test('a Discord-shaped token whose first part is not a numeric id is not a bot token', () => {
    const t = `${Buffer.from('not-a-number-at-all').toString('base64').replace(/=+$/, '')}.Gx1a2b.${'a1B2c3D4e5F6g7H8i9J0kLmNoPqRsTuVw'}`;
    assert.deepEqual(scan(`login('${t}')`), [], 'no match');
  });
});

describe('secrets: matches', () => {
  test('a value both prefixed and assigned is one match, under its specific rule', () => {
    const token = generate('github-token');
    const found = scan(`GITHUB_TOKEN=${token}\nGH_TOKEN="${token}"`);
    assert.deepEqual(
      found.map((m) => m.rule),
      ['github-token', 'github-token'],
      'one github-token per sighting, no generic-secret beside it',
    );
  });

  test('matches are ordered, do not overlap, and slice to the values', () => {
    const values = [
      generate('aws-access-key'),
      generate('aws-secret-access-key'),
      generate('openai-api-key'),
      generate('npm-token'),
    ];
    const text = `AWS_ACCESS_KEY_ID=${values[0]}\nAWS_SECRET_ACCESS_KEY=${values[1]}\nOPENAI_API_KEY=${values[2]}\n//registry.npmjs.org/:_authToken=${values[3]}\n`;
    const found = scan(text);
    assert.deepEqual(
      found.map((m) => text.slice(m.start, m.end)),
      values,
      'each value once, in order',
    );
    for (let i = 1; i < found.length; i++) assert.ok(found[i]!.start >= found[i - 1]!.end, 'matches overlap');
  });

  test('a secret in a JSON string after an escaped newline', () => {
    const key = generate('aws-access-key');
    const text = JSON.stringify({ content: `cat .env\nAWS_ACCESS_KEY_ID=${key}\n${key}\n` });
    const found = scan(text).map((m) => text.slice(m.start, m.end));
    assert.deepEqual(found, [key, key], `in ${text}`);
  });

  test('the database password, not the whole URL, so that a redaction keeps the URL readable', () => {
    const text = 'mongodb+srv://app:Zq8mW2vN5xR7tK4p@cluster0.x7kq2.mongodb.net/shop';
    const [m] = scan(text);
    assert.ok(m, 'found');
    assert.equal(m.rule, 'database-connection-string');
    assert.equal(text.slice(m.start, m.end), 'Zq8mW2vN5xR7tK4p');
  });

  test('empty and whitespace text', () => {
    assert.deepEqual(scan(''), [], 'empty');
    assert.deepEqual(scan(' \n\t '), [], 'whitespace');
    assert.equal(secretsDetector.holdback('', none), 0, 'nothing to hold back');
  });
});

describe('secrets: allowlist', () => {
  const token = generate('github-token');
  const text = `GITHUB_TOKEN=${token}\nOPENAI_API_KEY=${generate('openai-api-key')}`;

  test('an allowed value does not fire; the others still do', () => {
    const config = compileDetectorConfig({
      allowlist: [{ value: token, note: 'the CI bot’s revoked token' }],
    });
    assert.deepEqual(
      scan(text, config).map((m) => m.rule),
      ['openai-api-key'],
      'only the openai key',
    );
  });

  test('an allowed pattern, unanchored', () => {
    const config = compileDetectorConfig({
      allowlist: [{ pattern: '^gh[pousr]_' }, { pattern: 'T3BlbkFJ' }],
    });
    const rules = scan(text, config).map((m) => m.rule);
    assert.ok(!rules.includes('github-token'), `github-token allowed by ^gh[pousr]_: ${rules.join(',')}`);
    const openai = generate('openai-api-key');
    assert.equal(
      scan(`OPENAI_API_KEY=${openai}`, config).length,
      openai.includes('T3BlbkFJ') ? 0 : 1,
      'T3BlbkFJ pattern',
    );
  });

  test('an allowed value is silent under every rule that sees it', () => {
    const key = generate('anthropic-api-key');
    const config = compileDetectorConfig({ allowlist: [{ value: key }] });
    assert.deepEqual(
      scan(`ANTHROPIC_API_KEY=${key}`, config),
      [],
      'neither the token nor the assignment fires',
    );
  });
});
