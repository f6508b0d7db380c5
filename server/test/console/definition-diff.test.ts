// The review's line comparison (console/src/mcp-servers/definition-diff.ts), a pure module the console
// imports: canonical pretty-printing (keys sorted at every level), the aligned columns with removed lines
// beside the added ones that replaced them, and the bound past which the differing middle is marked whole.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { prettyCanonical, sideBySide } from '../../../console/src/mcp-servers/definition-diff.ts';

const marks = (lines: { mark: string }[]) => lines.map((l) => l.mark).join(',');

test('keys are sorted at every level, arrays keep their order', () => {
  assert.equal(
    prettyCanonical({ name: 't', inputSchema: { type: 'object', required: ['b', 'a'] }, annotations: {} }),
    [
      '{',
      '  "annotations": {},',
      '  "inputSchema": {',
      '    "required": [',
      '      "b",',
      '      "a"',
      '    ],',
      '    "type": "object"',
      '  },',
      '  "name": "t"',
      '}',
    ].join('\n'),
  );
  assert.equal(prettyCanonical(null), 'null');
});

test('a changed line stands beside its replacement; the rest side by side', () => {
  const d = sideBySide('a\nb\nc\nd', 'a\nB\nc\nd');
  assert.equal(marks(d.left), 'same,removed,same,same');
  assert.equal(marks(d.right), 'same,added,same,same');
  assert.deepEqual([d.removed, d.added], [1, 1]);
  assert.deepEqual(
    d.right.map((l) => l.text),
    ['a', 'B', 'c', 'd'],
  );
});

test('an added run is aligned with filler on the other side, and a kept line in the middle is found', () => {
  const d = sideBySide('a\nx\nz', 'a\nn1\nn2\nx\nz2');
  assert.equal(marks(d.left), 'same,filler,filler,same,removed');
  assert.equal(marks(d.right), 'same,added,added,same,added');
  assert.equal(d.left.length, d.right.length);
  assert.deepEqual([d.removed, d.added], [1, 3]);
});

test('identical texts mark nothing; an empty side is all filler', () => {
  const same = sideBySide('x\ny', 'x\ny');
  assert.deepEqual([same.removed, same.added], [0, 0]);
  const grown = sideBySide('', 'p\nq');
  assert.equal(marks(grown.right), 'added,added');
  assert.equal(marks(grown.left), 'removed,filler');
});

test('past the bound, the differing middle is marked whole rather than compared', () => {
  const a = Array.from({ length: 2000 }, (_, i) => `a${i}`);
  const b = Array.from({ length: 2000 }, (_, i) => (i % 2 ? `a${i}` : `b${i}`));
  const d = sideBySide(['head', ...a, 'tail'].join('\n'), ['head', ...b, 'tail'].join('\n'));
  assert.equal(d.left[0]!.mark, 'same');
  // The common ends (head; a1999 and tail) stay; the 1,999 lines between are compared no further.
  assert.equal(d.left.at(-1)!.mark, 'same');
  assert.equal(d.left.at(-2)!.mark, 'same');
  assert.deepEqual([d.removed, d.added], [1999, 1999]);
  assert.equal(d.left.length, 2002);
});
