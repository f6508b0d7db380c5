// The built admin console (console/dist, made by `npm run build -w console`) at /console: the hashed
// assets from disk, cached for good, and index.html for every other /console path, which the
// console's router resolves (the setup link's /console/setup among them). index.html gets a fresh
// nonce per response: Mantine creates <style> elements at run time, and the nonce admits them
// without 'unsafe-inline'. No inline script is ever allowed.
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';

export const CONSOLE_DIST = path.resolve(import.meta.dirname, '../../../console/dist');
/** What console/vite.config.ts writes where the nonce goes. */
const NONCE_PLACEHOLDER = /GATEHOUSE_CSP_NONCE/g;

export function consolePagePolicy(nonce: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export async function registerConsole(app: FastifyInstance, dist = CONSOLE_DIST): Promise<void> {
  const indexFile = path.join(dist, 'index.html');
  const built = fs.existsSync(indexFile);

  async function page(reply: FastifyReply) {
    if (!built) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The console is not built. Run "npm run build -w console" (npm start does it), then restart.');
    }
    // Read per response: after a rebuild the page names the new assets without a restart.
    const html = await fs.promises.readFile(indexFile, 'utf8');
    const nonce = randomBytes(16).toString('base64');
    return reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', consolePagePolicy(nonce))
      .header('cache-control', 'no-store')
      .send(html.replace(NONCE_PLACEHOLDER, nonce));
  }

  if (built) {
    await app.register(async (assets) => {
      await assets.register(fastifyStatic, {
        root: path.join(dist, 'assets'),
        prefix: '/console/assets/',
        decorateReply: false,
        index: false,
        // The file names carry a hash of their content: a changed file is a new name.
        maxAge: '365d',
        immutable: true,
      });
    });
    const icon = path.join(dist, 'icon.svg');
    if (fs.existsSync(icon)) {
      const svg = fs.readFileSync(icon);
      app.get('/console/icon.svg', { schema: { hide: true } }, async (_request, reply) =>
        reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(svg),
      );
    }
  }
  app.get('/console', { schema: { hide: true } }, async (_request, reply) => page(reply));
  app.get('/console/*', { schema: { hide: true } }, async (_request, reply) => page(reply));
}
