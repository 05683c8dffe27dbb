// "5 minutes ago", "yesterday": when a notification came, in words (Intl.RelativeTimeFormat).
const STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.345],
  ['month', 12],
  ['year', Infinity],
];

export function timeAgo(iso: string, now = Date.now(), locale = 'en'): string {
  let value = (Date.parse(iso) - now) / 1000;
  if (Math.abs(value) < 45) return 'just now';
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size) return format.format(Math.round(value), unit);
    value /= size;
  }
  return format.format(Math.round(value), 'year');
}
