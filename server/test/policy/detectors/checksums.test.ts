// The check digits the detectors rely on, against published values.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  base62,
  crc32,
  hasCrc32Base62Suffix,
  ibanValid,
  luhnValid,
} from '../../../src/policy/detectors/checksums.ts';

describe('checksums', () => {
  test('CRC-32 is zlib’s', () => {
    assert.equal(crc32(''), 0);
    assert.equal(crc32('123456789'), 0xcbf43926);
    assert.equal(crc32('The quick brown fox jumps over the lazy dog'), 0x414fa339);
  });

  test('base62 with digits, upper case, lower case, zero-padded', () => {
    assert.equal(base62(0, 6), '000000');
    assert.equal(base62(61, 2), '0z');
    assert.equal(base62(62, 1), '10');
  });

  test('GitHub’s token checksum: the CRC32 of the 30 random characters, in six base62 digits', () => {
    // A published test vector for the format (random part → checksum).
    assert.equal(base62(crc32('fIkRGaBu5PeKsznMzXQOg3kETH1Sgx'), 6), '2oIfSC');
    assert.ok(
      hasCrc32Base62Suffix('fIkRGaBu5PeKsznMzXQOg3kETH1Sgx2oIfSC'),
      'a body with its checksum passes',
    );
    assert.ok(!hasCrc32Base62Suffix('fIkRGaBu5PeKsznMzXQOg3kETH1Sgx2oIfSD'), 'one changed character fails');
    assert.ok(!hasCrc32Base62Suffix('fIkRGaBu5PeKsznMzXQOg3kETH1Sgx2oIfS'), 'a short body fails');
  });

  test('Luhn', () => {
    assert.ok(luhnValid('4111111111111111'), 'the classic test card passes');
    assert.ok(luhnValid('79927398713'), 'the Luhn article’s example passes');
    assert.ok(!luhnValid('79927398710'), 'a wrong check digit fails');
    assert.ok(!luhnValid('4111a11111111111'), 'a non-digit fails');
  });

  test('IBAN mod 97', () => {
    assert.ok(ibanValid('GB82WEST12345698765432'), 'the UK example passes');
    assert.ok(ibanValid('DE89370400440532013000'), 'the German example passes');
    assert.ok(!ibanValid('GB82WEST12345698765431'), 'a changed digit fails');
    assert.ok(!ibanValid('GB82west12345698765432'), 'lower case is not accepted');
  });
});
