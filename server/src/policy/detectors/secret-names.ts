// Which names hold secrets: `DB_PASSWORD`, `apiKey`, `client_secret`, `x-api-key`, and not
// `max_tokens`, `token_type`, `passwordHash` or `keyboard`. A name is split into words (snake,
// kebab, dotted and camelCase), and the words decide.
import type { Severity } from './detector-types.ts';
import { words } from './text-checks.ts';

export type NameKind = 'password' | 'secret' | 'authorization';

/** A provider whose secrets have no prefix but a known shape: the name says whose it is. */
export interface NamedSecretRule {
  id: string;
  severity: Severity;
  name(words: readonly string[], compact: string): boolean;
  value: RegExp;
}

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

export const NAMED_SECRET_RULES: readonly NamedSecretRule[] = [
  {
    id: 'aws-secret-access-key',
    severity: 'critical',
    name: (w, c) =>
      c.includes('secretaccesskey') ||
      (w.includes('aws') && (w.includes('secret') || c.includes('secretkey'))),
    value: /^[A-Za-z0-9/+]{40}$/,
  },
  {
    // The key in an Azure Storage connection string (`AccountKey=…`) or an app setting.
    id: 'azure-storage-key',
    severity: 'critical',
    name: (_w, c) => c.endsWith('accountkey') || c.includes('storagekey') || c.includes('storageaccountkey'),
    value: /^[A-Za-z0-9/+]{86}==$/,
  },
  {
    // Service Bus, Event Hubs and IoT Hub connection strings.
    id: 'azure-shared-access-key',
    severity: 'critical',
    name: (_w, c) => c.endsWith('sharedaccesskey'),
    value: /^[A-Za-z0-9/+]{43}=$/,
  },
  {
    // The `private_key_id` beside the PEM key in a Google service-account JSON file.
    id: 'gcp-service-account-key',
    severity: 'critical',
    name: (_w, c) => c === 'privatekeyid',
    value: /^[a-f0-9]{40}$/,
  },
  {
    id: 'twilio-auth-token',
    severity: 'high',
    name: (w) => w.includes('twilio') && (w.includes('auth') || w.includes('token') || w.includes('secret')),
    value: /^[a-f0-9]{32}$/,
  },
  {
    // Heroku API keys before the HRKU- format were UUIDs; only the name tells them from any UUID.
    id: 'heroku-api-key',
    severity: 'high',
    name: (w) => w.includes('heroku') && (w.includes('key') || w.includes('token') || w.includes('apikey')),
    value: UUID,
  },
  {
    id: 'datadog-api-key',
    severity: 'high',
    name: (w) => (w.includes('datadog') || w.includes('dd')) && (w.includes('key') || w.includes('apikey')),
    value: /^[a-f0-9]{32}$|^[a-f0-9]{40}$/,
  },
  {
    id: 'cohere-api-key',
    severity: 'high',
    name: (w, c) => w.includes('cohere') || c === 'coapikey',
    value: /^[A-Za-z0-9]{40}$/,
  },
  {
    id: 'mistral-api-key',
    severity: 'high',
    name: (w) => w.includes('mistral'),
    value: /^[A-Za-z0-9]{32}$/,
  },
  {
    id: 'cloudflare-api-token',
    severity: 'high',
    name: (w, c) => w.includes('cloudflare') || c.startsWith('cfapi'),
    value: /^[A-Za-z0-9_-]{40}$/,
  },
];

const PASSWORD_WORDS = new Set(['password', 'passwd', 'pwd', 'passphrase', 'pass', 'pw', 'passw', 'pword']);
const SECRET_WORDS = words(
  'secret token apikey credential credentials creds auth authtoken accesstoken refreshtoken ' +
    'privatekey secretkey accesskey authkey apitoken apisecret clientsecret signingkey masterkey ' +
    'encryptionkey',
);
/** Words that make `key` a secret when they come just before it: `api_key`, `signing-key`, `appKey`. */
const KEY_QUALIFIERS = words(
  'api access secret private auth signing master encryption account app client consumer license ' +
    'service session shared storage webhook subscription hmac jwt deploy admin root ingest write',
);
/** Last words that make the name describe a secret rather than hold one: `token_type`, `password_hash`. */
const DESCRIPTIVE_SUFFIXES = words(
  'type types name names id ids url uri urls path file filename dir length len size count max min ' +
    'limit prefix suffix format field fields header headers env var variable endpoint expiry expires ' +
    'expiration expire ttl hash hashed digest policy required enabled enable mode label hint ' +
    'placeholder regex pattern input error errors message msg help manager provider store location ' +
    'ref arn version index idx method methods reset confirm confirmation strength validator ' +
    'validation rule rules schema class options config settings source lifetime age at time timestamp ' +
    'date set exists present changed visible visibility toggle button icon form state status usage ' +
    'used level scope scopes audience issuer algorithm alg kind template text title description desc ' +
    'key keys fingerprint salt check rotation prompt page route view test spec mock stub example ' +
    'sample sha1 sha256 sha512 md5 crc crc32 checksum domain host hostname server realm user username ' +
    'email tenant region port protocol scheme redirect callback origin',
);
/** Words that contain a keyword but are something else. */
const LOOKALIKES =
  /^(?:tokens|tokenize[rsd]?|tokenizers|tokenization|secretary|secrets|passport|passthrough|passive|passage|passenger|bypass|compass|surpass|author|authors|authority|authorities|authored|authenticate|authenticated|authentication|authorize|authorized|authorization|credentials?count)$/;

/** A name's words: `AWS_SECRET_ACCESS_KEY`, `awsSecretAccessKey` and `aws-secret-access-key` alike. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);
}

function isSecretWord(word: string): boolean {
  if (SECRET_WORDS.has(word)) return true;
  if (LOOKALIKES.test(word)) return false;
  // One word holding several, as in PGPASSWORD or SECRETKEY.
  return /password|passwd|secret|token|apikey|accesskey|privatekey|credential/.test(word);
}

/** `pass` and `pw` alone are a password only as the name's last word: DB_PASS, not PASS_DEPTH_FAIL. */
function isPasswordWord(word: string, last: boolean): boolean {
  if (word === 'pass' || word === 'pw') return last;
  return PASSWORD_WORDS.has(word) || (/password|passwd|passphrase/.test(word) && !LOOKALIKES.test(word));
}

/** What a name says its value is, or null when it holds no secret. */
export function classifyName(words: readonly string[]): NameKind | null {
  if (words.length === 0) return null;
  const last = words[words.length - 1]!;
  if (words.length === 1 && (last === 'authorization' || last === 'proxyauthorization'))
    return 'authorization';
  if (words.length === 2 && words[0] === 'proxy' && last === 'authorization') return 'authorization';
  // `key` ends many secret names (`api_key`), so it is descriptive only alone or after a non-qualifier.
  if (DESCRIPTIVE_SUFFIXES.has(last) && last !== 'key' && words.length > 1) return null;
  let secret = false;
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (isPasswordWord(w, i === words.length - 1)) return 'password';
    if (isSecretWord(w)) secret = true;
    else if (w === 'key' && i > 0 && KEY_QUALIFIERS.has(words[i - 1]!)) secret = true;
  }
  return secret ? 'secret' : null;
}
