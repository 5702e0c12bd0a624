/**
 * Relative time of spec 001 section 9: under 60 s 'just now', then minutes, hours, days ('yesterday' at 1 day),
 * weeks (under 4), months (under 12), years.
 */
export function relativeTime(from: Date | string, now: Date = new Date()): string {
  const seconds = Math.max(0, Math.floor((now.getTime() - new Date(from).getTime()) / 1000))
  if (seconds < 60) return 'just now'
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return plural(minutes, 'minute')
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return plural(hours, 'hour')
  const days = Math.floor(hours / 24)
  if (days === 1) return 'yesterday'
  if (days < 7) return plural(days, 'day')
  const weeks = Math.floor(days / 7)
  if (weeks < 4) return plural(weeks, 'week')
  const months = Math.floor(days / 30)
  if (months < 12) return plural(Math.max(1, months), 'month')
  return plural(Math.floor(days / 365), 'year')
}
