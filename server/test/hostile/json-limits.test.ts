// The structure check on untrusted JSON text (json-limits.ts): depth and duplicate keys in one pass,
// with strings skipped whole so that nothing inside them counts as structure.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { jsonShape, MAX_JSON_DEPTH } from '../../src/gateway/json-limits.ts';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('jsonShape', () => {
  test(`a depth of ${MAX_JSON_DEPTH} passes, one more does not; far deeper stops without reading on`, () => {
    assert.deepEqual(jsonShape(nested(MAX_JSON_DEPTH)), { tooDeep: false, duplicate: null });
    assert.equal(jsonShape(nested(MAX_JSON_DEPTH + 1)).tooDeep, true);
    assert.equal(jsonShape(`{"a":${nested(1_000_000)}}`).tooDeep, true);
  });

  test('brackets, quotes and escaped quotes inside strings are not structure', () => {
    const text = JSON.stringify({ a: '[[[{{{"}}}', b: 'say \\"[" and \\\\', c: ['"{', '\\'] });
    // The object and its array are the last two levels.
    const around = (n: number) => `${'['.repeat(n)}${text}${']'.repeat(n)}`;
    assert.deepEqual(jsonShape(around(MAX_JSON_DEPTH - 2)), { tooDeep: false, duplicate: null });
    assert.equal(jsonShape(around(MAX_JSON_DEPTH - 1)).tooDeep, true);
  });

  test('a key given twice in one object is found, however it is spelt', () => {
    assert.equal(jsonShape('{"messages":[],"model":"m","messages":[]}').duplicate, 'messages');
    assert.equal(jsonShape('{"messages":[], "messag\\u0065s" :[]}').duplicate, 'messages');
    assert.equal(jsonShape('{"a":[{"b":1,"c":{"d":2,"d":3}}]}').duplicate, 'd');
    const many = Array.from({ length: 40 }, (_, i) => `"k${i}":${i}`).join(',');
    assert.equal(jsonShape(`{${many},"k7":0}`).duplicate, 'k7');
  });

  test('the same key in sibling or nested objects, and a value equal to a key, are not duplicates', () => {
    assert.equal(jsonShape('[{"a":1},{"a":2}]').duplicate, null);
    assert.equal(jsonShape('{"a":{"a":{"a":"a"}},"b":"a"}').duplicate, null);
    assert.equal(jsonShape('{"a":["a","a"]}').duplicate, null);
  });
});
