// IP rules: IPv4, IPv6 and CIDR entries; deny wins; IPv4-mapped IPv6 addresses match IPv4 rules.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ipAllowed, parseIpRule, splitIpList } from '../../../shared/ip-rules.ts';

const rules = (...entries: string[]) => entries.map((e) => parseIpRule(e)!);

test('parses addresses and ranges and refuses everything else', () => {
  assert.equal(parseIpRule('10.0.0.0/8')?.text, '10.0.0.0/8');
  assert.equal(parseIpRule(' 192.168.1.7 ')?.text, '192.168.1.7');
  assert.equal(parseIpRule('2001:db8::/32')?.text, '2001:db8::/32');
  assert.equal(parseIpRule('::ffff:10.1.2.3')?.text, '10.1.2.3');
  assert.equal(parseIpRule('::ffff:10.0.0.0/104')?.text, '10.0.0.0/8');
  assert.equal(parseIpRule('10.1.2.3/8')?.text, '10.0.0.0/8');
  for (const bad of [
    '',
    '10.0.0.0/33',
    '300.1.1.1',
    '10.0.0',
    'example.com',
    '2001:db8::/129',
    '10.0.0.1/-1',
    '0x0a.0.0.1',
    '10.0.0.0/8/8',
    'x'.repeat(100),
  ]) {
    assert.equal(parseIpRule(bad), null, bad);
  }
});

test('an empty allowlist allows all that is not denied; a deny entry wins', () => {
  assert.equal(ipAllowed('203.0.113.9', [], []), true);
  assert.equal(ipAllowed('203.0.113.9', [], rules('203.0.113.0/24')), false);
  const allow = rules('10.0.0.0/8', '2001:db8::/32');
  assert.equal(ipAllowed('10.20.30.40', allow, []), true);
  assert.equal(ipAllowed('11.0.0.1', allow, []), false);
  assert.equal(ipAllowed('2001:db8::1', allow, []), true);
  assert.equal(ipAllowed('2001:db9::1', allow, []), false);
  assert.equal(ipAllowed('10.0.0.7', allow, rules('10.0.0.7')), false);
  assert.equal(ipAllowed('::ffff:10.0.0.1', allow, []), true, 'IPv4-mapped IPv6 matches IPv4 rules');
  assert.equal(ipAllowed('not an ip', allow, []), false);
});

test('admin input: one entry per line or comma-separated', () => {
  assert.deepEqual(splitIpList('10.0.0.0/8, 192.168.0.1\n\n2001:db8::/32,'), [
    '10.0.0.0/8',
    '192.168.0.1',
    '2001:db8::/32',
  ]);
});
