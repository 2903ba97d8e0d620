import { locale } from '$lib/i18n/index.svelte';

/** A date (`2026-11-20`) or a timestamp, as the players' locale writes it. */
export function formatDate(value: string): string {
  // A bare date is a calendar day: read it at noon so no time zone moves it.
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T12:00:00` : value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleDateString(locale.current, { day: 'numeric', month: 'long', year: 'numeric' });
}

/** Today as `YYYY-MM-DD` in the local calendar, for date inputs. */
export function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The UTC calendar day `days` after today's, as `YYYY-MM-DD`: a date
 * input's maximum where the rules count days from the UTC date (the view
 * says how many days ahead, e.g. BoV's `played_on_days_ahead`). */
export function utcDayPlus(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Roman numerals for levels, as printed on the diary's track. */
export function roman(level: number): string {
  return ['0', 'I', 'II', 'III', 'IV'][level] ?? String(level);
}
