// The first-run page: reads the one-time token from the URL fragment (never sent to a server, never in
// a Referer), and creates the owner through POST /api/v1/setup.
const form = document.getElementById('setup');
const message = document.getElementById('message');
const token = new URLSearchParams(location.hash.slice(1)).get('token');
history.replaceState(null, '', location.pathname);

if (!token) {
  message.textContent = 'This page needs the one-time setup link that Gatehouse printed when it started.';
  form.querySelector('button').disabled = true;
}

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const email = form.email.value.trim();
  const password = form.password.value;
  if (password.length < 12)
    return void (message.textContent = 'The password must be at least 12 characters long.');
  if (password !== form.confirm.value) return void (message.textContent = 'The two passwords differ.');
  message.textContent = 'Creating the owner account…';
  const res = await fetch('/api/v1/setup', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, email, password }),
  });
  const body = await res.json().catch(() => ({}));
  if (res.status === 201) {
    form.hidden = true;
    document.getElementById('done').hidden = false;
  } else {
    message.textContent = body.error?.message ?? `Setup failed (${res.status}).`;
  }
});
