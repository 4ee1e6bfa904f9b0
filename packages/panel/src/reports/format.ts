// Times as the viewer reads them: in the report's zone and the viewer's locale.

const formats = new Map<string, Intl.DateTimeFormat>();

function formatterFor(locale: string, timeZone: string, withSeconds: boolean): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${withSeconds}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      ...(withSeconds ? { second: '2-digit' } : {}),
    });
    formats.set(key, format);
  }
  return format;
}

/** An ISO instant as a date and time in `timeZone`; text that is not a time is shown as it is. */
export function formatInstant(iso: string, locale: string, timeZone: string, withSeconds = true): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : formatterFor(locale, timeZone, withSeconds).format(ms);
}

/** `45 s`, `12 min`, `3 h 5 min`, `2 d 4 h`. */
export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${Math.max(0, Math.round(seconds))} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}
