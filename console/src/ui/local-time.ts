// Time-range fields: datetime-local speaks local time without an offset; the API wants RFC 3339.
export const toRfc3339 = (local: string) => (local ? new Date(local).toISOString() : '');

export const toLocal = (iso: string) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
