// The console is served by the console listener at /console. `html.cspNonce` marks the page with a
// placeholder nonce that the server replaces per response, so that Mantine's runtime <style> elements
// pass a Content-Security-Policy without 'unsafe-inline'. `npm run dev` proxies the API to a local
// Gatehouse on 127.0.0.1:8080.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  base: '/console/',
  plugins: [react()],
  html: { cspNonce: 'GATEHOUSE_CSP_NONCE' },
  build: { outDir: 'dist', emptyOutDir: true, assetsInlineLimit: 0, chunkSizeWarningLimit: 1000 },
  server: {
    host: '127.0.0.1',
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
});
