// The log's last guard: fields named like secrets are redacted wherever a log call could put them.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { test } from 'node:test';
import { createLogger } from '../../src/http/logger.ts';

test('secret-named fields and credential headers are redacted', () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const log = createLogger('info', sink);
  log.info({ password: 'pw-1', token: 'tk-1', body: { client_secret: 'cs-1' } }, 'one');
  log.info(
    {
      req: {
        headers: { authorization: 'Bearer ab-1', cookie: 'gatehouse_session=ck-1', 'x-api-key': 'xk-1' },
      },
    },
    'two',
  );
  log.child({ reqId: 'req_1' }).info({ access_token: 'at-1', csrf_token: 'cf-1', secret: 'sc-1' }, 'three');
  const out = lines.join('');
  for (const secret of ['pw-1', 'tk-1', 'cs-1', 'ab-1', 'ck-1', 'xk-1', 'at-1', 'cf-1', 'sc-1']) {
    assert.ok(!out.includes(secret), `${secret} was logged`);
  }
  assert.equal(out.match(/\[redacted\]/g)?.length, 9);
  assert.match(out, /"reqId":"req_1"/);
});
