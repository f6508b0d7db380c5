// The nonce the server put into this page's Content-Security-Policy (Vite's html.cspNonce writes a
// <meta property="csp-nonce"> and the server fills it per response). Mantine gives it to the <style>
// elements it creates, and so does react-remove-scroll (under Mantine's modals) through get-nonce, so
// the policy needs no 'unsafe-inline'.
import { setNonce } from 'get-nonce';

export function cspNonce(): string {
  const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce ?? '';
  setNonce(nonce);
  return nonce;
}
