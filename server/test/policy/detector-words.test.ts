// The words a person reads for a detector's kind, with the right article, and counts in the right
// number: for every rule the detectors have, not only the ones a test happens to trigger.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { aKind, article, kindName } from '../../../shared/detector-words.ts';
import { plural } from '../../../shared/plural.ts';
import { TOKEN_RULES, ANCHOR_RULES } from '../../src/policy/detectors/secret-tokens.ts';
import { NAMED_SECRET_RULES } from '../../src/policy/detectors/secret-names.ts';

test('the kinds people meet most read as English, with their article', () => {
  const cases: Array<[string, string]> = [
    ['aws-access-key', 'an AWS access key'],
    ['aws-secret-access-key', 'an AWS secret access key'],
    ['github-token', 'a GitHub token'],
    ['openai-api-key', 'an OpenAI API key'],
    ['ssh-private-key', 'an SSH private key'],
    ['email', 'an e-mail address'],
    ['payment-card', 'a payment card number'],
    ['us-ssn', 'a US Social Security number'],
    ['uk-nino', 'a UK National Insurance number'],
    ['iban', 'an IBAN'],
    ['jwt', 'a JSON Web Token'],
    ['npm-token', 'an npm token'],
    ['custom:falcon', 'a match of the rule “falcon”'],
  ];
  for (const [kind, words] of cases) assert.equal(aKind(kind), words, kind);
});

test('every rule of the secret detector has words with no id left in them', () => {
  const ids = [...TOKEN_RULES, ...ANCHOR_RULES, ...NAMED_SECRET_RULES].map((r) => r.id);
  assert.ok(ids.length > 40, `${ids.length} rules`);
  for (const id of ids) {
    const name = kindName(id);
    assert.doesNotMatch(name, /-/, `${id} → ${name}`);
    assert.match(aKind(id), /^an? \S/, id);
  }
});

test('the article follows the sound: letters said with a vowel, and words that start with one', () => {
  assert.equal(article('MCP server'), 'an');
  assert.equal(article('URL'), 'a');
  assert.equal(article('e-mail address'), 'an');
  assert.equal(article('user name'), 'a');
  assert.equal(article('hour'), 'an');
});

test('counts take the noun in the right number', () => {
  assert.equal(plural(1, 'second'), '1 second');
  assert.equal(plural(2, 'second'), '2 seconds');
  assert.equal(plural(0, 'entry', 'entries'), '0 entries');
  assert.equal(plural(1, 'entry', 'entries'), '1 entry');
});
