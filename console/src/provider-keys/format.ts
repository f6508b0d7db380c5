// How the provider keys page writes a masked secret.
export const masked = (last4: string) => `••••${last4}`;
