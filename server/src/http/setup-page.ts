// The first-run page that the one-time setup link opens: static files with a strict CSP (no inline
// script or style). The console's own setup page replaces it when the console is built.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

const DIR = path.join(import.meta.dirname, 'setup-page');
const FILES: Record<string, [string, string]> = {
  '': ['setup.html', 'text/html; charset=utf-8'],
  'setup.js': ['setup.js', 'text/javascript; charset=utf-8'],
  'setup.css': ['setup.css', 'text/css; charset=utf-8'],
  'icon.svg': ['icon.svg', 'image/svg+xml'],
};
export const PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; " +
  "form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

export function registerSetupPage(app: FastifyInstance): void {
  const contents = Object.fromEntries(
    Object.entries(FILES).map(([route, [file, type]]) => [
      route,
      { body: fs.readFileSync(path.join(DIR, file)), type },
    ]),
  );
  for (const [route, { body, type }] of Object.entries(contents)) {
    app.get(
      `/console/setup${route ? `/${route}` : ''}`,
      { schema: { hide: true } },
      async (_request, reply) =>
        reply
          .type(type)
          .header('content-security-policy', PAGE_CSP)
          .header('cache-control', 'no-cache')
          .send(body),
    );
  }
}
