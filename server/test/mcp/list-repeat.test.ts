// A tools/list answer split at its id without being parsed (list-repeat.ts): the two compact forms
// servers write, and every other text left to be read the ordinary way.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sameButId, splitId } from '../../src/mcp/proxy/list-repeat.ts';

const list = { tools: [{ name: 'echo', inputSchema: { type: 'object' } }] };

test('the id last (the SDK’s order) or first is found; the rest is the same message', () => {
  const last = splitId(JSON.stringify({ result: list, jsonrpc: '2.0', id: 12 }))!;
  assert.equal(last.id, 12);
  assert.equal(last.tail, '}');
  const again = splitId(JSON.stringify({ result: list, jsonrpc: '2.0', id: 'req-7' }))!;
  assert.equal(again.id, 'req-7');
  assert.ok(sameButId(last, again));
  const first = splitId(JSON.stringify({ jsonrpc: '2.0', id: 3, result: list }))!;
  assert.equal(first.id, 3);
  assert.ok(sameButId(first, splitId(JSON.stringify({ jsonrpc: '2.0', id: 4, result: list }))!));
  assert.ok(!sameButId(first, last));
  const changed = { tools: [{ name: 'echo', inputSchema: { type: 'object' }, description: 'x' }] };
  assert.ok(!sameButId(last, splitId(JSON.stringify({ result: changed, jsonrpc: '2.0', id: 12 }))!));
});

test('other texts and ids of other shapes are not split', () => {
  for (const text of [
    JSON.stringify({ result: { nested: { id: 5 } } }), // an id inside, not the message's
    '{"result":{"x":{"a":1,"id":5}}}',
    JSON.stringify({ result: list, jsonrpc: '2.0', id: null }),
    JSON.stringify({ result: list, jsonrpc: '2.0', id: 1.5 }),
    JSON.stringify({ result: list, jsonrpc: '2.0', id: 'with "quote"' }),
    JSON.stringify({ result: list, jsonrpc: '2.0', id: 'x'.repeat(65) }),
    JSON.stringify({ result: list, jsonrpc: '2.0', id: 12 }) + ' ',
    '{"jsonrpc": "2.0", "id": 1, "result": {}}', // spaced: read the ordinary way
    '{"jsonrpc":"2.0","id":01,"result":{}}',
    '',
    '}',
  ])
    assert.equal(splitId(text), null, text);
});
