/**
 * Relative time (docs/product/README.md): under 60 s 'just now', then minutes, hours, days ('yesterday' at 1 day),
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

/**
 * The short form for tight places (home tiles): 'now', '5 min ago', '2 h ago', 'yesterday', '3 d ago',
 * '2 wk ago', '4 mo ago', '2 y ago'.
 */
export function shortRelativeTime(from: Date | string, now: Date = new Date()): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - new Date(from).getTime()) / 60_000))
  if (minutes < 1) return 'now'
  if (minutes < 60) return `${minutes} min ago`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return `${hours} h ago`
  const days = Math.floor(hours / 24)
  if (days === 1) return 'yesterday'
  if (days < 7) return `${days} d ago`
  if (days < 28) return `${Math.floor(days / 7)} wk ago`
  if (days < 365) return `${Math.max(1, Math.floor(days / 30))} mo ago`
  return `${Math.floor(days / 365)} y ago`
}
