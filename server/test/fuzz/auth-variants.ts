// Who a fuzzed request claims to be: valid identities of every kind (so that it reaches deep into the
// handlers), and missing, invalid, expired, revoked, under-scoped and garbage ones (so that the gates
// are fuzzed too). The device token may also ride in the path (/d/<token>/…) on the Gateway.
import { oddString, oddUnicode, pct, word } from './odd-values.ts';
import type { Prng } from './prng.ts';
import type { Identities, SessionAuth } from './target-types.ts';

export interface AuthChoice {
  /** Shown in reports; never the secret itself. */
  name: string;
  headers: Record<string, string>;
  /** A prefix for the path (the device token's path form), or ''. */
  pathPrefix: string;
  /** A query parameter to add (Gemini's ?key=), or undefined. */
  query?: [string, string];
  /** The session a sign-out through this choice would end. */
  session?: 'owner' | 'developer';
}

const session = (name: string, s: SessionAuth, csrf: string | undefined): AuthChoice => ({
  name,
  headers: { cookie: s.cookie, ...(csrf === undefined ? {} : { 'x-csrf-token': csrf }) },
  pathPrefix: '',
});
const bearer = (name: string, token: string): AuthChoice => ({
  name,
  headers: { authorization: `Bearer ${token}` },
  pathPrefix: '',
});

function garbage(rng: Prng, ids: Identities): AuthChoice {
  const tokenLike = rng.pick([
    `ghat_${word(rng, 80)}`,
    `ghdt_${word(rng, 80)}`,
    ids.tokens.all!.slice(0, -3) + 'AAA',
    'A'.repeat(rng.pick([1, 600, 9000])),
    oddString(rng).replace(/[\r\n\0]/g, ''),
  ]);
  switch (rng.int(0, 6)) {
    case 0:
      return { name: 'garbage-bearer', headers: { authorization: `Bearer ${tokenLike}` }, pathPrefix: '' };
    case 1:
      return {
        name: 'garbage-scheme',
        headers: {
          authorization: rng.pick([
            'Bearer',
            'Bearer  ',
            'Basic',
            'Basic !!!',
            'Digest x',
            `Bearer ${oddUnicode(rng)}`,
            'Basic Og==',
            `Basic ${Buffer.from(`${word(rng)}:${word(rng)}`).toString('base64')}`,
          ]),
        },
        pathPrefix: '',
      };
    case 2:
      return {
        name: 'garbage-cookie',
        headers: {
          cookie: rng.pick([
            `gatehouse_session=ghss_${word(rng, 43)}`,
            `gatehouse_developer_session=${word(rng)}`,
            'gatehouse_session=',
            `gatehouse_session=${'x'.repeat(5000)}`,
            '=;;;=;',
            `${ids.owner.cookie}; ${ids.owner.cookie.replace('ghss_', 'ghss_x')}`,
          ]),
          'x-csrf-token': word(rng),
        },
        pathPrefix: '',
      };
    case 3:
      return { name: 'garbage-api-key', headers: { 'x-api-key': tokenLike }, pathPrefix: '' };
    case 4:
      return { name: 'garbage-device-path', headers: {}, pathPrefix: `/d/${pct(tokenLike)}` };
    case 5:
      return {
        name: 'two-credentials',
        headers: { authorization: `Bearer ${ids.tokens.all}`, 'x-api-key': tokenLike },
        pathPrefix: '',
      };
    default:
      return { name: 'garbage-goog-key', headers: {}, pathPrefix: '', query: ['key', tokenLike] };
  }
}

export function consoleAuth(rng: Prng, ids: Identities): AuthChoice {
  return rng.weighted<() => AuthChoice>([
    [6, () => ({ name: 'none', headers: {}, pathPrefix: '' })],
    [22, () => ({ ...session('owner', ids.owner, ids.owner.csrf), session: 'owner' })],
    [3, () => session('owner-no-csrf', ids.owner, undefined)],
    [2, () => session('owner-wrong-csrf', ids.owner, word(rng, 43))],
    [5, () => session('viewer', ids.viewer, ids.viewer.csrf)],
    [7, () => ({ ...session('developer', ids.developer, ids.developer.csrf), session: 'developer' })],
    [
      20,
      () => {
        const scope = rng.pick(Object.keys(ids.tokens));
        return bearer(`token:${scope}`, ids.tokens[scope]!);
      },
    ],
    [3, () => bearer('revoked-token', ids.revokedToken)],
    [3, () => bearer('expired-token', ids.expiredToken)],
    [2, () => bearer('device-token', ids.deviceToken)],
    [10, () => garbage(rng, ids)],
  ])();
}

export function gatewayAuth(rng: Prng, ids: Identities): AuthChoice {
  const invoke = ids.tokens['gateway:invoke']!;
  return rng.weighted<() => AuthChoice>([
    [5, () => ({ name: 'none', headers: {}, pathPrefix: '' })],
    [30, () => bearer('token:gateway:invoke', invoke)],
    [5, () => ({ name: 'x-api-key', headers: { 'x-api-key': invoke }, pathPrefix: '' })],
    [3, () => ({ name: 'api-key', headers: { 'api-key': invoke }, pathPrefix: '' })],
    [3, () => ({ name: 'x-goog-api-key', headers: { 'x-goog-api-key': invoke }, pathPrefix: '' })],
    [3, () => ({ name: 'query-key', headers: {}, pathPrefix: '', query: ['key', invoke] })],
    [8, () => bearer('device-token', ids.deviceToken)],
    [8, () => ({ name: 'device-path', headers: {}, pathPrefix: `/d/${ids.deviceToken}` })],
    [3, () => bearer('token:audit:read', ids.tokens['audit:read']!)],
    [2, () => bearer('token:all', ids.tokens.all!)],
    [3, () => bearer('revoked-token', ids.revokedToken)],
    [3, () => bearer('expired-token', ids.expiredToken)],
    [2, () => session('owner-cookie', ids.owner, ids.owner.csrf)],
    [10, () => garbage(rng, ids)],
  ])();
}
