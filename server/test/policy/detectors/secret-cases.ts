// One realistic sighting of every secret rule, and near misses that must not fire: the table the
// secrets tests walk. Values come from the corpus generators (right format, right checksum).
import { GENERATORS, rng, seedOf } from '../../fixtures/detection-corpus/generators.ts';

export function generate(name: string, variant = 0): string {
  const make = GENERATORS[name];
  if (!make) throw new Error(`no generator ${name}`);
  return make(rng(seedOf(`${name}#${variant}`)));
}

export interface Sighting {
  rule: string;
  /** The generator; the rule's own name when left out. */
  generator?: string;
  /** The text around the value. */
  text: (value: string) => string;
  /** The part of the text the match must cover exactly, when not the whole generated value. */
  expected?: (value: string) => string;
}

const env = (name: string) => (v: string) => `# .env\n${name}=${v}\nLOG_LEVEL=info\n`;

export const SIGHTINGS: readonly Sighting[] = [
  { rule: 'aws-access-key', text: (v) => `aws_access_key_id = ${v}` },
  { rule: 'aws-secret-access-key', text: (v) => `aws_secret_access_key = ${v}` },
  { rule: 'google-api-key', text: (v) => `const config = { apiKey: "${v}" };` },
  { rule: 'gcp-oauth-client-secret', text: env('GOOGLE_CLIENT_SECRET') },
  { rule: 'gcp-service-account-key', text: (v) => `{"type": "service_account", "private_key_id": "${v}"}` },
  { rule: 'alibaba-access-key-id', text: env('ALIBABA_CLOUD_ACCESS_KEY_ID') },
  { rule: 'digitalocean-token', text: (v) => `doctl auth init -t ${v}` },
  { rule: 'heroku-api-key', text: env('HEROKU_API_KEY') },
  { rule: 'heroku-api-key', generator: 'heroku-uuid', text: env('HEROKU_API_KEY') },
  { rule: 'databricks-token', text: (v) => `token = ${v}` },
  { rule: 'vault-token', text: env('VAULT_TOKEN') },
  { rule: 'doppler-token', text: (v) => `doppler run --token ${v} -- npm start` },
  { rule: 'pulumi-token', text: env('PULUMI_ACCESS_TOKEN') },
  { rule: 'supabase-token', text: (v) => `supabase login --token ${v}` },
  { rule: 'cloudflare-origin-ca-key', text: (v) => `origin_ca_key = "${v}"` },
  { rule: 'cloudflare-api-token', text: env('CLOUDFLARE_API_TOKEN') },
  { rule: 'fly-io-token', text: env('FLY_API_TOKEN') },
  { rule: 'age-secret-key', text: (v) => `# created: 2024-03-02\n${v}\n` },
  { rule: 'azure-ad-client-secret', text: env('AZURE_CLIENT_SECRET') },
  { rule: 'terraform-cloud-token', text: (v) => `credentials "app.terraform.io" { token = "${v}" }` },
  {
    rule: 'azure-storage-key',
    text: (v) =>
      `DefaultEndpointsProtocol=https;AccountName=logs;AccountKey=${v};EndpointSuffix=core.windows.net`,
  },
  {
    rule: 'azure-shared-access-key',
    text: (v) => `Endpoint=sb://orders.servicebus.windows.net/;SharedAccessKeyName=Root;SharedAccessKey=${v}`,
  },
  { rule: 'openai-api-key', text: (v) => `client = OpenAI(api_key="${v}")` },
  { rule: 'anthropic-api-key', text: (v) => `x-api-key: ${v}\nanthropic-version: 2023-06-01` },
  { rule: 'openrouter-api-key', text: env('OPENROUTER_API_KEY') },
  { rule: 'huggingface-token', text: (v) => `huggingface-cli login --token ${v}` },
  { rule: 'groq-api-key', text: env('GROQ_API_KEY') },
  { rule: 'replicate-api-token', text: env('REPLICATE_API_TOKEN') },
  { rule: 'perplexity-api-key', text: env('PPLX_API_KEY') },
  { rule: 'xai-api-key', text: env('XAI_API_KEY') },
  { rule: 'langsmith-api-key', text: env('LANGCHAIN_API_KEY') },
  { rule: 'cohere-api-key', text: env('COHERE_API_KEY') },
  { rule: 'mistral-api-key', text: env('MISTRAL_API_KEY') },
  { rule: 'github-token', text: (v) => `git clone https://${v}@github.com/acme/app.git` },
  { rule: 'github-fine-grained-token', text: env('GH_TOKEN') },
  { rule: 'gitlab-token', text: (v) => `curl -H "PRIVATE-TOKEN: ${v}" https://gitlab.acme.io/api/v4/user` },
  { rule: 'bitbucket-app-password', text: (v) => `git clone https://dev:${v}@bitbucket.org/acme/infra.git` },
  { rule: 'atlassian-api-token', text: env('JIRA_API_TOKEN') },
  { rule: 'npm-token', text: (v) => `//registry.npmjs.org/:_authToken=${v}` },
  { rule: 'pypi-token', text: (v) => `[pypi]\nusername = __token__\npassword = ${v}` },
  { rule: 'rubygems-api-key', text: (v) => `:rubygems_api_key: ${v}` },
  { rule: 'dockerhub-token', text: (v) => `echo ${v} | docker login -u bot --password-stdin` },
  { rule: 'nuget-api-key', text: (v) => `dotnet nuget push x.nupkg --api-key ${v}` },
  { rule: 'circleci-token', text: env('CIRCLECI_TOKEN') },
  { rule: 'sonarqube-token', text: (v) => `sonar-scanner -Dsonar.token=${v}` },
  { rule: 'linear-api-key', text: (v) => `new LinearClient({ apiKey: "${v}" })` },
  { rule: 'postman-api-key', text: env('POSTMAN_API_KEY') },
  { rule: 'grafana-token', text: env('GRAFANA_TOKEN') },
  { rule: 'new-relic-api-key', text: env('NEW_RELIC_API_KEY') },
  { rule: 'sentry-token', text: env('SENTRY_AUTH_TOKEN') },
  { rule: 'shopify-token', text: env('SHOPIFY_ACCESS_TOKEN') },
  { rule: 'stripe-secret-key', text: (v) => `const stripe = require('stripe')('${v}');` },
  { rule: 'stripe-webhook-secret', text: env('STRIPE_WEBHOOK_SECRET') },
  { rule: 'square-token', text: env('SQUARE_ACCESS_TOKEN') },
  { rule: 'twilio-api-key', text: env('TWILIO_API_KEY') },
  { rule: 'twilio-auth-token', text: env('TWILIO_AUTH_TOKEN') },
  { rule: 'sendgrid-api-key', text: (v) => `sg = SendGridAPIClient("${v}")` },
  { rule: 'slack-token', text: (v) => `client = WebClient(token="${v}")` },
  { rule: 'slack-webhook', text: (v) => `curl -X POST --data '{"text":"hi"}' ${v}` },
  { rule: 'discord-bot-token', text: (v) => `client.login('${v}');` },
  { rule: 'discord-webhook', text: env('DISCORD_WEBHOOK_URL') },
  { rule: 'teams-webhook', text: (v) => `$webhook = "${v}"` },
  { rule: 'mailgun-api-key', text: env('MAILGUN_API_KEY') },
  { rule: 'mailchimp-api-key', text: (v) => `mailchimp.setConfig({ apiKey: "${v}", server: "us6" });` },
  { rule: 'telegram-bot-token', text: (v) => `bot = telebot.TeleBot("${v}")` },
  { rule: 'notion-token', text: env('NOTION_TOKEN') },
  { rule: 'mapbox-secret-token', text: env('MAPBOX_SECRET_TOKEN') },
  { rule: 'datadog-api-key', text: env('DD_API_KEY') },
  { rule: 'jwt', text: (v) => `GET /orders HTTP/1.1\nAuthorization: Bearer ${v}\n` },
  { rule: 'private-key', text: (v) => `$ cat id_rsa\n${v}\n$ ls` },
  {
    rule: 'private-key',
    generator: 'private-key-json',
    text: (v) => `{"private_key": "${v}\\n", "client_id": "1"}`,
  },
  { rule: 'pgp-private-key', text: (v) => `Here is the key:\n\n${v}\n` },
  {
    rule: 'database-connection-string',
    generator: 'db-password',
    text: (v) => `DATABASE_URL=postgres://app:${v}@db.internal:5432/app`,
  },
  {
    rule: 'url-credentials',
    generator: 'db-password',
    text: (v) => `pip install --index-url https://deploy:${v}@pypi.internal.io/simple/ sdk`,
  },
  {
    rule: 'basic-auth-credentials',
    generator: 'db-password',
    text: (v) => `curl -s -u deploy:${v} https://jenkins.acme.io/api/json`,
  },
  { rule: 'password', text: (v) => `spring:\n  datasource:\n    password: ${v}\n` },
  { rule: 'password', text: (v) => `database:\n  host: db\n  password: >-\n    ${v}\n` },
  { rule: 'password', text: (v) => `passwords:\n  reporting: ${v} # rotated monthly\n` },
  { rule: 'cli-password', text: (v) => `mysql -h db.internal -u root -p${v} orders < dump.sql` },
  { rule: 'cli-password', text: (v) => `mysqldump -u backup -p'${v}' --all-databases` },
  { rule: 'cli-password', text: (v) => `docker login -u ci-bot -p ${v} registry.acme.io` },
  { rule: 'cli-password', text: (v) => `docker login registry.acme.io --username ci-bot --password=${v}` },
  { rule: 'netrc-password', text: (v) => `machine api.acme.io login deploy password ${v}` },
  {
    rule: 'netrc-password',
    text: (v) => `# ~/.netrc\nmachine git.acme.io\n  login deploy\n  password "${v}"\n`,
  },
  { rule: 'generic-secret', text: (v) => `SESSION_SECRET="${v}"` },
  { rule: 'authorization-header', generator: 'generic-secret', text: (v) => `Authorization: Basic ${v}\r\n` },
];

/** Text that looks like a secret to a careless detector and is not one. */
export const NEAR_MISSES: readonly { why: string; text: string }[] = [
  { why: 'mysql asking for the password', text: 'mysql -h db.internal -u root -p orders' },
  { why: 'mysql with the password in a variable', text: 'mysql -u root -p"$MYSQL_PWD" orders' },
  { why: 'docker login reading stdin', text: 'echo "$TOKEN" | docker login -u bot --password-stdin ghcr.io' },
  { why: 'docker run publishing a port', text: 'docker run -p 8080:80 -e MODE=prod nginx' },
  {
    why: 'password settings under a YAML key',
    text: 'password:\n  min_length: 12\n  algorithm: bcrypt-sha256\n',
  },
  { why: 'a netrc template', text: 'machine api.acme.io login deploy password <your-password>' },
  {
    why: 'prose about a machine',
    text: 'the build machine has no login shell and its password prompt is disabled',
  },
  {
    why: 'AWS documentation’s example key pair',
    text: 'AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE\nAWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  },
  { why: 'an AWS-shaped id with characters base32 does not have', text: 'id AKIA1234567890ABCDEF' },
  {
    why: 'Stripe’s documented test keys',
    text: "stripe('sk_test_4eC39HqLyjWDarjtT1zdp7dc'); sk_test_BQokikJOvBiI2HlWgH4olfQ2\nSTRIPE_SECRET_KEY=sk_test_4eC39HqLyjWDarjtT1zdp7dc",
  },
  {
    why: 'jwt.io’s example token',
    text: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c',
  },
  {
    why: 'three base64url parts whose header is not JSON',
    text: 'eyJub3QganNvbiBhdCBhbGw.eyJzdWIiOiIxMjM0NTY3ODkwIn0.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV',
  },
  {
    why: 'placeholders',
    text: 'OPENAI_API_KEY=sk-...\nANTHROPIC_API_KEY=sk-ant-xxxx\nGITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\nSLACK_BOT_TOKEN=xoxb-your-token-here',
  },
  {
    why: 'an example slack webhook',
    text: 'https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX',
  },
  {
    why: 'a public key and a certificate',
    text: '-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu1SU1LfVLPHCozMxH2Mo\n-----END PUBLIC KEY-----\n-----BEGIN CERTIFICATE-----\nMIIDdzCCAl+gAwIBAgIEAgAAuTANBgkqhkiG9w0BAQUFADBaMQswCQYDVQQGEwJJ\n-----END CERTIFICATE-----',
  },
  {
    why: 'a private key placeholder',
    text: '-----BEGIN RSA PRIVATE KEY-----\n...\n-----END RSA PRIVATE KEY-----',
  },
  {
    why: 'tutorial database URLs',
    text: 'postgres://postgres:postgres@localhost:5432/dev\namqp://guest:guest@localhost:5672/\npostgres://user:password@db/app\nredis://:${REDIS_PASSWORD}@cache:6379',
  },
  {
    why: 'references to secrets, not secrets',
    text: 'password: ${DB_PASSWORD}\napi_key: "<your-key>"\ntoken = getToken()\nsecret: process.env.SECRET\nNODE_AUTH_TOKEN: ${{ secrets.NPM_TOKEN }}',
  },
  {
    why: 'names that hold no secret',
    text: 'max_tokens: 4096\ntoken_type: "Bearer"\npassword_hash: "c2hhMjU2OmFiY2RlZg"\nsort_key: "created_at_desc_2024"\nauthor: "Jane Doe"',
  },
  {
    why: 'code whose names mention secrets',
    text: 'auth: AuthResponse | null;\nconst token = await refresh(tokenStore);\nprivateKeyEncoding: { type: "pkcs8" },\nlocalStorageKey = "mantine-color-scheme-value";',
  },
  {
    why: 'a Telegram-shaped token with a short bot id',
    text: 'bot 1234567:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw1',
  },
  {
    why: 'lock file hashes',
    text: '"integrity": "sha512-9aB3xYQkLmN0pQrStUvWxYz1234AbCdEfGhIjKlMnOpQrStUvWxYz0123456789AbCdEfGhIjKlMnOpQrStUvWxYz==",\nchecksum = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"',
  },
];
