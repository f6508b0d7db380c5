// Streams: text scanned as it arrives, each piece after what was held back, must give exactly the
// matches of a scan of the whole text, and never forward part of a match. Checked at every offset
// for a split in two, and for pieces of 1 to 16 characters, over the whole labelled corpus.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { compileDetectorConfig } from '../../../src/policy/detectors/config.ts';
import { customDetector } from '../../../src/policy/detectors/custom.ts';
import type { Detector, DetectorConfig } from '../../../src/policy/detectors/detector-types.ts';
import { piiDetector } from '../../../src/policy/detectors/pii.ts';
import { secretsDetector } from '../../../src/policy/detectors/secrets.ts';
import { loadCorpus } from '../../fixtures/detection-corpus/corpus.ts';
import { rng } from '../../fixtures/detection-corpus/generators.ts';
import { describeMatches, scanAsStream } from './stream-helper.ts';

const corpus = loadCorpus();
const none = compileDetectorConfig({ allowlist: [] });

/** The first split (or piece size) at which streaming differs from the whole scan, described, or null. */
function firstDifference(detector: Detector, config: DetectorConfig, text: string): string | null {
  const whole = describeMatches(text, detector.scan(text, config));
  for (let k = 0; k <= text.length; k++) {
    const r = scanAsStream(detector, config, [text.slice(0, k), text.slice(k)]);
    const got = describeMatches(text, r.matches);
    if (got !== whole || r.straddling.length > 0) {
      return `split at ${k} (${JSON.stringify(text.slice(Math.max(0, k - 20), k))} | ${JSON.stringify(text.slice(k, k + 20))}): whole [${whole}], streamed [${got}]${r.straddling.length ? `, straddling [${describeMatches(text, r.straddling)}]` : ''}`;
    }
  }
  const random = rng(text.length);
  for (const max of [1, 4, 16]) {
    const pieces: string[] = [];
    for (let i = 0; i < text.length;) {
      const n = 1 + Math.floor(random() * max);
      pieces.push(text.slice(i, i + n));
      i += n;
    }
    const r = scanAsStream(detector, config, pieces);
    const got = describeMatches(text, r.matches);
    if (got !== whole || r.straddling.length > 0)
      return `pieces of up to ${max}: whole [${whole}], streamed [${got}]`;
  }
  return null;
}

for (const detector of [secretsDetector, piiDetector]) {
  describe(`${detector.id} on a stream`, () => {
    test('every corpus case, split at every offset and in small pieces, finds what the whole text finds', () => {
      const failures: string[] = [];
      for (const c of corpus) {
        const diff = firstDifference(detector, none, c.text);
        if (diff) failures.push(`${c.id}: ${diff}`);
      }
      assert.deepEqual(failures.slice(0, 5), [], `${failures.length} cases differ`);
    });

    test('texts whose end decides: a value that may go on, a number that may grow, a block not yet closed', () => {
      const tricky = [
        'db:\n  password: Hunter2!x is what I used',
        'db:\n  password: Hunter2!x \n',
        'Authorization: Bearer abcDEF123456ghiJKL789 more',
        'card 4929 1234 5678 9015 1234 and more',
        'export API_TOKEN=a8Fj29dKq0Zm3Lp7Xw1V && run',
        '-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gunVTLw7onLRnrq0\nand then prose',
        'see https://user:Zq8mW2vN5xR7tK4p@example-db.internal.io:5432/x and more',
        'mail jane.doe@acme-corp.io.',
        'IBAN GB82 WEST 1234 5698 7654 32 ok',
        'call +44 20 7946 0958 or 020 7946 0958 1234',
        'curl -u admin:S3cr3tPw9x https://jenkins.internal/api and curl --user "ops:Zq8mW2vN5x" -X GET',
      ];
      for (const text of tricky) {
        assert.equal(firstDifference(detector, none, text), null, `in ${JSON.stringify(text)}`);
      }
    });

    test('prose is held back a word at most', () => {
      const prose =
        'The deploy went out at noon; version 1.4.2 fixed the retry loop. We will look at the cache next week, thanks for the patience! ';
      let total = 0;
      let max = 0;
      for (let k = 1; k <= prose.length; k++) {
        const h = detector.holdback(prose.slice(0, k), none);
        total += h;
        max = Math.max(max, h);
      }
      assert.ok(max <= 16, `held back ${max} characters of prose`);
      assert.ok(
        total / prose.length <= 6,
        `held back ${(total / prose.length).toFixed(1)} characters on average`,
      );
    });
  });
}

describe('secrets on a stream: what is held', () => {
  test('an unterminated private key is held from its BEGIN line until its END line arrives', () => {
    const text =
      'key:\n-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gunVTLw7onLRnrq0\n';
    assert.equal(secretsDetector.holdback(text, none), text.length - 5, 'from -----BEGIN');
    assert.equal(
      secretsDetector.holdback('key:\n-----BEGIN RSA PRIV', none),
      '-----BEGIN RSA PRIV'.length,
      'a marker being written',
    );
  });

  test('an assignment whose value has not arrived is held from its name', () => {
    assert.equal(
      secretsDetector.holdback('x = 1\nDB_PASSWORD = ', none),
      'DB_PASSWORD = '.length,
      'name held',
    );
    assert.equal(
      secretsDetector.holdback('x = 1\nDB_PASSWORD = "s3cr', none),
      'DB_PASSWORD = "s3cr'.length,
      'open quote held',
    );
    assert.equal(
      secretsDetector.holdback('x = 1\nDB_PASSWORD = "s3cr3t-Pw9" ', none),
      0,
      'a closed value is final',
    );
  });
});

describe('custom rules on a stream', () => {
  const config = compileDetectorConfig({ allowlist: [] }, [
    { id: 'codename', keywords: ['Project Falcon', 'falcon-core'], action: 'block', severity: 'high' },
    { id: 'ticket', pattern: 'PRJ-\\d{4}', action: 'alert', severity: 'low' },
    {
      id: 'host',
      pattern: '[a-z0-9-]+\\.corp\\.acme\\.internal',
      case_sensitive: true,
      action: 'redact',
      severity: 'medium',
    },
  ]);
  const texts = [
    'Status of Project Falcon: falcon-core builds on db1.corp.acme.internal; see PRJ-1234.',
    'project falconry is not it, nor falcon-cores; PRJ-12 is too short; PRJ-98765 too long?\nPRJ-0042 at line start',
    'ssh deploy@build-7.corp.acme.internal && echo "Project\nFalcon" split across lines',
  ];
  test('every text, split at every offset and in small pieces, finds what the whole text finds', () => {
    for (const text of texts) {
      assert.equal(firstDifference(customDetector, config, text), null, `in ${JSON.stringify(text)}`);
    }
  });
});
