// Values that providers publish in their documentation as examples. They have the right shape (some
// even a valid checksum) and appear in countless READMEs and tests, so they never fire; an admin's
// allowlist adds their own on top of these.
export const DOCUMENTED_EXAMPLES: ReadonlySet<string> = new Set([
  // AWS, "Managing access keys" and the CLI configuration guide.
  'AKIAIOSFODNN7EXAMPLE',
  'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  'ASIAIOSFODNN7EXAMPLE',
  // jwt.io's default token.
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c',
  // Stripe's API reference.
  'sk_test_4eC39HqLyjWDarjtT1zdp7dc',
  'sk_test_BQokikJOvBiI2HlWgH4olfQ2',
  'pk_test_TYooMQauvdEDq54NiTphI7jx',
  // Slack's token documentation.
  'xoxb-17653672481-19874698323-pdFZKVeTuE8sk7oOcBrzbqgy',
  'xoxp-23984754863-2348975623103',
  // GitHub's documentation of its token format.
  'ghp_16C7e42F292c6912E7710c838347Ae178B4a',
  // Twilio's documentation.
  'SKXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX',
  // SendGrid's documentation.
  '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',
]);
