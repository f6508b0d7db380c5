// The PII detector: each identifier in the shapes people write it, with its checksum where it has one,
// and the numbers and addresses of code, logs and lock files left alone.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { compileDetectorConfig } from '../../../src/policy/detectors/config.ts';
import { piiDetector } from '../../../src/policy/detectors/pii.ts';
import { generate } from './secret-cases.ts';

const none = compileDetectorConfig({ allowlist: [] });
const found = (text: string) =>
  piiDetector.scan(text, none).map((m) => `${m.rule}=${text.slice(m.start, m.end)}`);

/** Asserts that `value`, written into `text`, is found as `rule` and nothing else is. */
function finds(rule: string, value: string, text = `value: ${value}, noted`) {
  assert.deepEqual(found(text), [`${rule}=${value}`], `in ${JSON.stringify(text)}`);
}

function findsNothing(text: string) {
  assert.deepEqual(found(text), [], `in ${JSON.stringify(text)}`);
}

describe('pii: email', () => {
  test('addresses in prose, CSV, JSON, git logs and mailto links', () => {
    finds('email', 'jane.doe@acme-corp.io', 'Please reply to jane.doe@acme-corp.io today.');
    finds('email', 'amara.okafor+ops@initech.co.uk', '4821,Amara,amara.okafor+ops@initech.co.uk,pro');
    finds('email', 'li_wei42@gmail.com', '{"email":"li_wei42@gmail.com"}');
    finds('email', 'priya@globex.de', 'Author: Priya Sharma <priya@globex.de>');
    finds('email', 'support@umbrella.health', '<a href="mailto:support@umbrella.health">');
  });

  test('not an address: npm scopes and versions, image variants, git’s SSH user, URL user information', () => {
    findsNothing(
      'import x from "@babel/core"; "lodash@^4.17.21", "@types/node@20.12.7", "string-width@npm:^4.2.3"',
    );
    findsNothing('<img src="logo@2x.png"> and icon@3x.webp');
    findsNothing('git clone git@github.com:acme/app.git');
    findsNothing('https://user@registry.internal.io/ and postgres://app:S3cr3tPw@db.internal.io/app');
    findsNothing('uses: actions/checkout@v4 and node:20@sha256:abc');
  });

  test('documentation domains (RFC 2606) and service accounts are not people', () => {
    findsNothing('user@example.com, admin@example.org, qa@staging.test, x@foo.invalid, a@localhost');
    findsNothing('etl-runner@analytics-prod.iam.gserviceaccount.com');
    // RFC 6761's special-use names, as whole top-level domains.
    findsNothing('admin@mail.example, ops@build.test, root@router.localhost, qa@example.net');
  });

  test('no-reply mailboxes and the forges’ commit addresses are nobody’s (issue 15)', () => {
    findsNothing('Co-Authored-By: Claude Opus 4.8 (1M context) <noreply@anthropic.com>');
    findsNothing('noreply@github.com, no-reply@accounts.google.com, no_reply@email.apple.com');
    findsNothing('donotreply@initech.co.uk and do-not-reply@acme-corp.io, NoReply@Acme.io');
    findsNothing('support-noreply@npmjs.com, no_reply.billing@acme-corp.io');
    findsNothing('Author: Octo Cat <583231+octocat@users.noreply.github.com>');
    findsNothing('Co-authored-by: dependabot[bot] <49699333+dependabot[bot]@users.noreply.github.com>');
    findsNothing('Author: Jane Dev <1234567-jdev@users.noreply.gitlab.com>');
  });

  test('documentation placeholders are not addresses; what merely resembles one still is', () => {
    findsNothing(
      'git config user.email "you@yourcompany.com"; admin@mail.your-domain.org; a@yourdomain.co.uk',
    );
    findsNothing('e.g. your.email@gmail.com, yourname@outlook.com, your_username@acme-corp.io');
    // The whole local part is the role; the domain is the forge's own, not a lookalike.
    finds('email', 'noreply+jane.doe@acme-corp.io');
    finds('email', 'noreplyjane@acme-corp.io');
    finds('email', 'jane.noreplies@acme-corp.io');
    finds('email', 'jane@users.noreply.github.com.acme-corp.io');
    finds('email', 'jane@noreply.github.io');
    // A name that starts with the letters, a domain that only starts with "your".
    finds('email', 'youri.petrov@globex.de');
    finds('email', 'jane@yourcompanyx.com');
    finds('email', 'jane@yourway.com');
    finds('email', 'you@company.com');
    finds('email', 'ops@example-corp.com');
    finds('email', 'jane@example.com.acme-corp.io');
  });
});

describe('pii: phone numbers', () => {
  test('international, North American and national formats', () => {
    for (const v of [
      '+1 (415) 555-0132',
      '+14155550199',
      '415-555-0132',
      '(415) 555-0132',
      '415.555.0132',
      '+44 20 7946 0958',
      '020 7946 0958',
      '07700 900123',
      '+33 1 42 68 53 00',
      '01 42 68 53 00',
      '+49 30 901820',
      '+49 (0)30 9018204',
    ]) {
      finds('phone-number', v, `Call ${v} after 3pm.`);
    }
  });

  test('not a phone: versions, dates, times, IPs, ids, sums, byte dumps, counting numbers', () => {
    findsNothing('v1.14.2 → 1.15.0-rc.3, node 20.11.1, build 20240318.4');
    findsNothing('2024-03-18 10:42:07 and 18/03/2024 and 1716299035123');
    findsNothing('server 10.0.12.41:8080; server 192.168.100.200:8443;');
    findsNothing('order 4155552671 shipped; id=1795381234012345678');
    findsNothing('x = a)+16777216*b; y = c+1234567;');
    findsNothing('<Buffer 01 02 03 04 05 06 07 08>');
    findsNothing('e164 test: "+1234567890", "+15555555555", "+9876543210"');
  });
});

describe('pii: payment cards', () => {
  test('each network, bare and grouped, Luhn-valid', () => {
    for (let variant = 0; variant < 12; variant++) {
      const card = generate('payment-card', variant);
      finds('payment-card', card, `charge card ${card} exp 08/27`);
    }
  });

  test('a wrong check digit, an unknown range, a published test card: no match', () => {
    findsNothing('card 4111 1111 1111 1112 and 5500-0000-0000-0005');
    findsNothing('card 9111 1111 1111 1117 (no network starts with 9)');
    findsNothing('use 4242 4242 4242 4242 or 4111111111111111 in test mode, or 378282246310005');
  });

  test('a group inside a longer number is not a card', () => {
    findsNothing('ref 1234 4111 1111 1111 1111 9999');
  });
});

describe('pii: US SSN', () => {
  test('with dashes or spaces, in the valid ranges', () => {
    finds('us-ssn', '536-90-4399', 'SSN: 536-90-4399');
    finds('us-ssn', '536 90 4399', 'SSN 536 90 4399.');
  });

  test('the invalid ranges and the famous examples are not SSNs; bare nine digits are not either', () => {
    findsNothing(
      '000-12-3456 666-45-1234 900-12-3456 123-00-4567 123-45-0000 078-05-1120 219-09-9999 123-45-6789',
    );
    findsNothing('ssn 536904399');
  });
});

describe('pii: IBAN', () => {
  test('whole or in groups of four, checksum-valid, at the country’s length', () => {
    finds('iban', 'GB82WEST12345698765432', 'IBAN GB82WEST12345698765432 please');
    finds('iban', 'DE89 3704 0044 0532 0130 00', 'IBAN DE89 3704 0044 0532 0130 00.');
    for (let variant = 0; variant < 6; variant++) {
      const iban = generate('iban', variant);
      finds('iban', iban, `Pay to ${iban} by Friday`);
    }
  });

  test('a wrong checksum or length is not an IBAN', () => {
    findsNothing('GB82WEST12345698765431 and GB82WEST1234569876543 and XX82WEST12345698765432');
  });
});

describe('pii: UK National Insurance number', () => {
  test('with and without spaces', () => {
    finds('uk-nino', 'AB123456C', 'NI number AB123456C');
    finds('uk-nino', 'JG 10 37 21 D', 'NI number JG 10 37 21 D');
  });

  test('prefixes HMRC never allocates, and a suffix past D', () => {
    findsNothing('QQ123456C GB123456A NK123456B AB123456E DA123456A');
  });
});

describe('pii: matches', () => {
  test('several kinds in one text, ordered and not overlapping, with exact offsets', () => {
    const text =
      'Ticket from jane.doe@acme-corp.io: card 4000 0566 5566 5556 was charged twice, call +44 20 7946 0958, IBAN GB82WEST12345698765432.';
    const matches = piiDetector.scan(text, none);
    assert.deepEqual(
      matches.map((m) => `${m.rule}=${text.slice(m.start, m.end)}`),
      ['email=jane.doe@acme-corp.io', 'phone-number=+44 20 7946 0958', 'iban=GB82WEST12345698765432'],
      'the test card is a published one and is left out',
    );
    for (const m of matches) assert.equal(m.detector, 'pii', 'detector id');
  });

  test('allowlist: a value and a pattern', () => {
    const text = 'Write to ops@acme-corp.io or jane@acme-corp.io.';
    const byValue = compileDetectorConfig({ allowlist: [{ value: 'ops@acme-corp.io' }] });
    assert.deepEqual(
      piiDetector.scan(text, byValue).map((m) => text.slice(m.start, m.end)),
      ['jane@acme-corp.io'],
      'value',
    );
    const byPattern = compileDetectorConfig({ allowlist: [{ pattern: '@acme-corp\\.io$' }] });
    assert.deepEqual(piiDetector.scan(text, byPattern), [], 'pattern');
  });
});
