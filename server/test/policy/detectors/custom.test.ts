// Custom rules: patterns and keywords as the admin writes them, compiled once with errors that name
// the rule and the field, guarded against patterns that would stall the Gateway.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  compileDetectorConfig,
  DetectorConfigError,
  patternProblem,
  requiredLiteral,
} from '../../../src/policy/detectors/config.ts';
import { customDetector, WINDOW } from '../../../src/policy/detectors/custom.ts';
import type { CustomRule } from '../../../src/policy/policy-types.ts';

const rule = (r: Partial<CustomRule> & { id: string }): CustomRule => ({
  action: 'alert',
  severity: 'high',
  ...r,
});
const scan = (text: string, ...rules: CustomRule[]) =>
  customDetector
    .scan(text, compileDetectorConfig({ allowlist: [] }, rules))
    .map((m) => `${m.rule}=${text.slice(m.start, m.end)}`);

describe('custom: patterns', () => {
  test('a match carries custom:<id>, the id as label, the rule’s severity, exact offsets', () => {
    const text = 'See ticket PRJ-1234 and PRJ-98.';
    const config = compileDetectorConfig({ allowlist: [] }, [
      rule({ id: 'project-ticket', pattern: 'PRJ-\\d{4}', severity: 'low' }),
    ]);
    const [m, ...rest] = customDetector.scan(text, config);
    assert.ok(m, 'one match');
    assert.deepEqual(rest, [], 'only one');
    assert.deepEqual(
      {
        detector: m.detector,
        rule: m.rule,
        label: m.label,
        severity: m.severity,
        value: text.slice(m.start, m.end),
      },
      {
        detector: 'custom',
        rule: 'custom:project-ticket',
        label: 'project-ticket',
        severity: 'low',
        value: 'PRJ-1234',
      },
    );
  });

  test('case-insensitive unless case_sensitive', () => {
    const text = 'db1.CORP.ACME.internal and db2.corp.acme.internal';
    assert.deepEqual(scan(text, rule({ id: 'host', pattern: '[a-z0-9-]+\\.corp\\.acme\\.internal' })), [
      'custom:host=db1.CORP.ACME.internal',
      'custom:host=db2.corp.acme.internal',
    ]);
    assert.deepEqual(
      scan(text, rule({ id: 'host', pattern: '[a-z0-9-]+\\.corp\\.acme\\.internal', case_sensitive: true })),
      ['custom:host=db2.corp.acme.internal'],
    );
  });

  test('^ and $ anchor to each line', () => {
    const text = 'CONFIDENTIAL\nnot CONFIDENTIAL here\nCONFIDENTIAL';
    assert.deepEqual(scan(text, rule({ id: 'banner', pattern: '^CONFIDENTIAL$' })), [
      'custom:banner=CONFIDENTIAL',
      'custom:banner=CONFIDENTIAL',
    ]);
  });

  test('a long line is matched in windows, each match once, wherever it falls', () => {
    const filler = 'x'.repeat(WINDOW - 5);
    const text = `${filler} PRJ-0001 ${filler} PRJ-0002 ${filler}PRJ-0003`;
    assert.deepEqual(scan(text, rule({ id: 't', pattern: 'PRJ-\\d{4}' })), [
      'custom:t=PRJ-0001',
      'custom:t=PRJ-0002',
      'custom:t=PRJ-0003',
    ]);
  });

  test('a rule whose action is off is not scanned', () => {
    assert.deepEqual(scan('PRJ-1234', rule({ id: 't', pattern: 'PRJ-\\d{4}', action: 'off' })), [], 'off');
  });

  test('the required literal is a prefilter only: it never changes what matches', () => {
    assert.equal(requiredLiteral('[a-z0-9-]+\\.corp\\.acme\\.internal'), '.corp.acme.internal');
    assert.equal(requiredLiteral('PRJ-\\d{4}'), 'PRJ-');
    assert.equal(requiredLiteral('(?:foo|bar)baz'), 'baz');
    assert.equal(requiredLiteral('foo|bar'), null, 'alternatives at the top');
    assert.equal(requiredLiteral('ab?cde'), 'cde', 'an optional character breaks the literal');
    assert.equal(requiredLiteral('(ab){2,3}x'), null, 'a quantifier is not a literal');
    assert.equal(requiredLiteral('\\x41bcdef'), 'bcdef', 'an escape’s argument is not a literal');
    const text = 'Alpha.Corp.Acme.Internal\nnothing here\nbeta.corp.acme.internal';
    assert.deepEqual(scan(text, rule({ id: 'h', pattern: '[a-z]+\\.corp\\.acme\\.internal' })), [
      'custom:h=Alpha.Corp.Acme.Internal',
      'custom:h=beta.corp.acme.internal',
    ]);
  });
});

describe('custom: keywords', () => {
  const codename = rule({ id: 'codename', keywords: ['Project Falcon', 'falcon-core', 'Ünïcorn'] });

  test('whole words, case-insensitive, several words and punctuation inside a keyword', () => {
    const text = 'project falcon ships falcon-core; falconry and falcon-cores do not count; ünïcorn does.';
    assert.deepEqual(scan(text, codename), [
      'custom:codename=project falcon',
      'custom:codename=falcon-core',
      'custom:codename=ünïcorn',
    ]);
  });

  test('case_sensitive keywords', () => {
    const r = rule({ id: 'k', keywords: ['Falcon'], case_sensitive: true });
    assert.deepEqual(scan('Falcon falcon FALCON', r), ['custom:k=Falcon']);
  });

  test('a keyword that starts or ends with punctuation needs no word boundary on that side', () => {
    const r = rule({ id: 'host', keywords: ['.corp.internal', '@acme-secret'] });
    assert.deepEqual(scan('db.corp.internal and x@acme-secret', r), [
      'custom:host=.corp.internal',
      'custom:host=@acme-secret',
    ]);
  });
});

describe('custom: keywords across separators', () => {
  const codename = rule({ id: 'codename', keywords: ['Project Falcon', 'falcon-core'] });
  for (const [why, written] of [
    ['two spaces', 'Project  Falcon'],
    ['a no-break space', 'Project\u00a0Falcon'],
    ['a soft hyphen', 'Project\u00adFalcon'],
    ['a zero-width space', 'Project\u200bFalcon'],
    ['a line break', 'Project\nFalcon'],
    ['a dash', 'project-falcon'],
    ['an underscore', 'PROJECT_FALCON'],
    ['a run of them', 'Project -_\n\u00a0 Falcon'],
    ['nothing', 'ProjectFalcon'],
  ] as const) {
    test(`found with ${why} between the words`, () => {
      assert.deepEqual(scan(`the ${written} launch`, codename), [`custom:codename=${written}`]);
    });
  }

  test('the words of a dashed keyword too; still whole words', () => {
    assert.deepEqual(scan('falcon core, falcon_core, falconcore; falcon-cores', codename), [
      'custom:codename=falcon core',
      'custom:codename=falcon_core',
      'custom:codename=falconcore',
    ]);
  });

  test('a stream holds back a keyword cut after a separator', () => {
    const config = compileDetectorConfig({ allowlist: [] }, [codename]);
    assert.equal(customDetector.holdback('see Project  ', config), 'Project  '.length + 1);
    assert.equal(customDetector.holdback('see Project\u00a0Fal', config), 'Project\u00a0Fal'.length + 1);
  });
});

describe('custom: compiling', () => {
  function refuses(rules: CustomRule[], field: string, words: RegExp) {
    assert.throws(
      () => compileDetectorConfig({ allowlist: [] }, rules),
      (err: unknown) => {
        assert.ok(err instanceof DetectorConfigError, `not a DetectorConfigError: ${String(err)}`);
        assert.equal(err.field, field, 'the field');
        assert.match(err.message, words);
        return true;
      },
      `${JSON.stringify(rules)} should be refused`,
    );
  }

  test('an invalid pattern names the rule and the field', () => {
    refuses(
      [rule({ id: 'ok', pattern: 'a+' }), rule({ id: 'broken', pattern: '(unclosed' })],
      'custom[1].pattern',
      /"broken".*not a valid regular expression/,
    );
  });

  test('a pattern that matches empty text', () => {
    refuses([rule({ id: 'empty', pattern: 'x*' })], 'custom[0].pattern', /matches empty text/);
  });

  test('patterns that backtrack exponentially, or make every search quadratic', () => {
    for (const [pattern, words] of [
      ['(a+)+$', /repeats a group whose own length varies/],
      ['(\\w+\\s?)+x', /repeats a group whose own length varies/],
      ['(a?){25}a{25}', /repeats a group whose own length varies/],
      ['(a|aa)+b', /alternatives without bound/],
      ['(\\w)\\1', /backreference/],
      ['.*password', /starts with an unanchored/],
    ] as const) {
      refuses([rule({ id: 'slow', pattern })], 'custom[0].pattern', words);
    }
  });

  test('ordinary patterns pass', () => {
    for (const p of [
      'PRJ-\\d{4}',
      '(?:foo|bar)baz',
      '[a-z0-9-]+\\.corp\\.internal',
      '(ab){2,3}',
      '(\\d{3}-?){2}\\d{4}',
      'project\\s+(?:falcon|osprey)',
      '^[A-Z]{3}-\\d+$',
      '(?<=key=)[a-z]+',
    ]) {
      assert.equal(patternProblem(p, false), null, `${p} refused`);
    }
  });

  test('neither or both of pattern and keywords; empty keywords', () => {
    refuses([rule({ id: 'none' })], 'custom[0]', /either pattern or keywords/);
    refuses([rule({ id: 'both', pattern: 'a', keywords: ['a'] })], 'custom[0]', /either pattern or keywords/);
    refuses([rule({ id: 'blank', keywords: ['  '] })], 'custom[0].keywords', /at least one keyword/);
  });

  test('an allowlist pattern is checked the same way', () => {
    assert.throws(
      () => compileDetectorConfig({ allowlist: [{ value: 'x' }, { pattern: '(a+)+' }] }),
      (err: unknown) => err instanceof DetectorConfigError && err.field === 'allowlist[1].pattern',
      'allowlist[1].pattern refused',
    );
  });

  test('compiled rules are frozen copies: changing the document afterwards changes nothing', () => {
    const r = rule({ id: 'k', keywords: ['alpha'] });
    const config = compileDetectorConfig({ allowlist: [] }, [r]);
    r.keywords!.push('beta');
    assert.deepEqual(
      customDetector.scan('alpha beta', config).map((m) => m.rule),
      ['custom:k'],
      'still only alpha',
    );
    assert.ok(Object.isFrozen(config.customRules[0]), 'frozen');
  });
});
