// A detector rule's kind (`aws-access-key`, `email`, `custom:falcon`) in words a person reads, with
// its article: "an AWS access key", "a GitHub token", "an e-mail address". Shared by the Gateway's
// block messages and the console, so that both say the same thing. The rule id stays in messages
// beside the words (it is what the activity and the findings name).

/** Words of rule ids that are not written as lower-case English words. */
const WORDS: Record<string, string> = {
  aws: 'AWS',
  gcp: 'GCP',
  api: 'API',
  oauth: 'OAuth',
  id: 'ID',
  jwt: 'JWT',
  ssh: 'SSH',
  iban: 'IBAN',
  ssn: 'SSN',
  us: 'US',
  uk: 'UK',
  nino: 'National Insurance number',
  ad: 'AD',
  ca: 'CA',
  io: 'IO',
  xai: 'xAI',
  npm: 'npm',
  pypi: 'PyPI',
  github: 'GitHub',
  gitlab: 'GitLab',
  bitbucket: 'Bitbucket',
  atlassian: 'Atlassian',
  rubygems: 'RubyGems',
  dockerhub: 'Docker Hub',
  nuget: 'NuGet',
  circleci: 'CircleCI',
  sonarqube: 'SonarQube',
  linear: 'Linear',
  postman: 'Postman',
  grafana: 'Grafana',
  new: 'New',
  relic: 'Relic',
  sentry: 'Sentry',
  shopify: 'Shopify',
  slack: 'Slack',
  discord: 'Discord',
  teams: 'Teams',
  azure: 'Azure',
  google: 'Google',
  twilio: 'Twilio',
  heroku: 'Heroku',
  datadog: 'Datadog',
  cohere: 'Cohere',
  mistral: 'Mistral',
  cloudflare: 'Cloudflare',
  stripe: 'Stripe',
  square: 'Square',
  sendgrid: 'SendGrid',
  mailgun: 'Mailgun',
  mailchimp: 'Mailchimp',
  notion: 'Notion',
  mapbox: 'Mapbox',
  telegram: 'Telegram',
  alibaba: 'Alibaba',
  digitalocean: 'DigitalOcean',
  databricks: 'Databricks',
  vault: 'Vault',
  doppler: 'Doppler',
  pulumi: 'Pulumi',
  supabase: 'Supabase',
  fly: 'Fly',
  age: 'age',
  terraform: 'Terraform',
  cloud: 'Cloud',
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  openrouter: 'OpenRouter',
  huggingface: 'Hugging Face',
  groq: 'Groq',
  replicate: 'Replicate',
  perplexity: 'Perplexity',
  langsmith: 'LangSmith',
};

/** Whole kinds whose plain name is not their words joined. */
const KINDS: Record<string, string> = {
  email: 'e-mail address',
  'payment-card': 'payment card number',
  'phone-number': 'phone number',
  'us-ssn': 'US Social Security number',
  'uk-nino': 'UK National Insurance number',
  iban: 'IBAN',
  'basic-auth-credentials': 'user name and password in a URL',
  jwt: 'JSON Web Token',
  'fly-io-token': 'Fly.io token',
  'new-relic-api-key': 'New Relic API key',
  'terraform-cloud-token': 'Terraform Cloud token',
};

/** The kind's name without an article: "AWS access key". A custom rule's id is kept as written. */
export function kindName(kind: string): string {
  if (kind.startsWith('custom:')) return `match of the rule “${kind.slice('custom:'.length)}”`;
  const known = KINDS[kind];
  if (known) return known;
  return kind
    .split('-')
    .map((w) => WORDS[w] ?? w)
    .join(' ');
}

// Letters whose spoken name starts with a vowel sound: "an AWS key", "an SSH key", "an MCP server".
const VOWEL_SOUND_LETTERS = new Set('AEFHILMNORSX');

/** "a" or "an" before `words`, by how they are said: an API key, a US number, an e-mail address. */
export function article(words: string): 'a' | 'an' {
  const first = words.split(/[\s-]/)[0] ?? '';
  // Said letter by letter: capitals (AWS, URL) and words with no vowel (npm).
  if (/^[A-Z]{2,}/.test(first) || /^[^aeiouy\s]{2,}$/i.test(first)) {
    return VOWEL_SOUND_LETTERS.has(first[0]!.toUpperCase()) ? 'an' : 'a';
  }
  if (/^(uni|use|usu|eu|one)/i.test(first)) return 'a';
  if (/^(hour|honest|heir|xai)/i.test(first)) return 'an';
  return /^[aeiou]/i.test(first) ? 'an' : 'a';
}

/** The kind with its article: "an AWS access key", "a GitHub token", "a match of the rule “falcon”". */
export function aKind(kind: string): string {
  const name = kindName(kind);
  return `${article(name)} ${name}`;
}
