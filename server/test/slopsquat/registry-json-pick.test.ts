// The streaming JSON picker that reads registry answers: the values at the paths asked for, however
// the text is cut into pieces; everything else skipped; and untrusted text (invalid, too deep, huge
// values, wrong types) refused or dropped, never a crash.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { MAX_JSON_DEPTH } from '../../src/gateway/json-limits.ts';
import { JsonPickError, JsonPicker, type PickPath } from '../../src/slopsquat/registry/json-pick.ts';

type Picked = Array<[number, string[], unknown]>;

/** Picks from `text` fed in pieces of `size` characters (all at once when 0). */
function pick(text: string, paths: PickPath[], size = 0): Picked {
  const out: Picked = [];
  const picker = new JsonPicker(paths, (rule, at, value) => out.push([rule, [...at], value]));
  if (size === 0) picker.write(text);
  else for (let i = 0; i < text.length; i += size) picker.write(text.slice(i, i + size));
  picker.end();
  return out;
}

function refused(text: string, reason: 'bad_json' | 'too_deep', paths: PickPath[] = [['a']]) {
  assert.throws(
    () => pick(text, paths),
    (err: unknown) => err instanceof JsonPickError && err.reason === reason,
    `${text.slice(0, 60)} should be refused as ${reason}`,
  );
}

const PACKUMENT = JSON.stringify({
  _id: 'left-pad',
  name: 'left-pad',
  'dist-tags': { latest: '1.3.0' },
  versions: {
    '1.0.0': {
      name: 'left-pad',
      version: '1.0.0',
      scripts: { test: 'echo "x" && exit 1' },
      dist: { a: [1, { b: '}' }] },
    },
    '1.3.0': {
      name: 'left-pad',
      version: '1.3.0',
      deprecated: 'use String.prototype.padStart()',
      'we\\"ird': '\\',
    },
  },
  time: {
    created: '2014-03-14T00:00:00.000Z',
    modified: '2018-01-01T00:00:00.000Z',
    '1.0.0': '2014-03-14T00:00:00.000Z',
  },
  repository: { type: 'git', url: 'git+https://github.com/left-pad/left-pad.git' },
  'k\u00e9y "quoted"': { 'esc\naped': 7 },
});

const PATHS: PickPath[] = [
  ['time', 'created'],
  ['versions', '*', 'deprecated'],
  ['dist-tags', 'latest'],
  ['repository'],
  ['k\u00e9y "quoted"', 'esc\naped'],
  ['versions', '*', 'version'],
];

describe('JsonPicker', () => {
  test('hands over the values at the paths asked for, with the keys that led to them', () => {
    assert.deepEqual(pick(PACKUMENT, PATHS), [
      [2, ['dist-tags', 'latest'], '1.3.0'],
      [5, ['versions', '1.0.0', 'version'], '1.0.0'],
      [5, ['versions', '1.3.0', 'version'], '1.3.0'],
      [1, ['versions', '1.3.0', 'deprecated'], 'use String.prototype.padStart()'],
      [0, ['time', 'created'], '2014-03-14T00:00:00.000Z'],
      [3, ['repository'], { type: 'git', url: 'git+https://github.com/left-pad/left-pad.git' }],
      [4, ['k\u00e9y "quoted"', 'esc\naped'], 7],
    ]);
  });

  test('the same whatever the pieces the text arrives in, escapes and all', () => {
    const whole = pick(PACKUMENT, PATHS);
    for (const size of [1, 2, 3, 5, 7, 64])
      assert.deepEqual(pick(PACKUMENT, PATHS, size), whole, `pieces of ${size}`);
  });

  test('wildcards match array indexes, and arrays and empty containers are read', () => {
    const text = '{"releases":{"1.0":[],"2.0":[{"t":"a"},{"t":"b"}],"3.0":[{}]}, "x": [[], {}, [[1]]]}';
    assert.deepEqual(
      pick(text, [['releases', '*', '*', 't']], 1).map(([, at, v]) => [at.join('/'), v]),
      [
        ['releases/2.0/0/t', 'a'],
        ['releases/2.0/1/t', 'b'],
      ],
    );
    assert.deepEqual(
      pick('[{"a":1},{"a":2}]', [['*', 'a']]).map(([, , v]) => v),
      [1, 2],
    );
    assert.deepEqual(
      pick('[{"a":1},{"a":2}]', [['1', 'a']]).map(([, , v]) => v),
      [2],
    );
  });

  test('values of any JSON type are handed over as they are: wrong types are the reader’s to refuse', () => {
    const text = '{"time":{"created":12345},"repository":null,"x":{"created":"no"},"y":[true,false,-1.5e3]}';
    assert.deepEqual(
      pick(text, [['time', 'created'], ['repository'], ['y']]).map(([, , v]) => v),
      [12345, null, [true, false, -1500]],
    );
  });

  test('a value past its size cap is dropped, the rest still read', () => {
    const big = 'x'.repeat(100_000);
    const text = JSON.stringify({ a: big, b: 'small', c: { big } });
    assert.deepEqual(pick(text, [['a'], ['b'], ['c']], 4096), [[1, ['b'], 'small']]);
  });

  test('nesting past the cap is refused, in picked and in skipped regions alike', () => {
    const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
    refused(`{"a":${deep(MAX_JSON_DEPTH + 1)}}`, 'too_deep');
    refused(`{"z":${deep(MAX_JSON_DEPTH + 1)}}`, 'too_deep');
    refused(`{"a":{"b":${deep(MAX_JSON_DEPTH)}}}`, 'too_deep', [['a', 'b', 'c']]);
    assert.deepEqual(pick(`{"z":${deep(MAX_JSON_DEPTH - 2)},"a":1}`, [['a']]), [[0, ['a'], 1]]);
  });

  test('text that is not one JSON value is refused', () => {
    for (const text of [
      '',
      '{',
      '{"a":1',
      '{"a" 1}',
      '{"a":1}}',
      '{"a":1} x',
      '{"a":[1}',
      '{1:2}',
      '"unterminated',
      '{"a":tru}',
    ])
      refused(text, 'bad_json');
  });

  test('a skipped region may hold brackets and quotes inside strings', () => {
    const text = '{"skip":{"s":"]}\\"{[","t":["\\\\",{"u":"\\"}"}]},"a":"found"}';
    assert.deepEqual(pick(text, [['a']], 1), [[0, ['a'], 'found']]);
  });
});
