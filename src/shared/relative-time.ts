/** One step of a relative time: how many of which unit ago (0 seconds: just now). */
type TimeAgo = { value: number; unit: 'second' | 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year' }

/**
 * The steps of a relative time (docs/product/README.md), the same in every language: under 60 s just now, then
 * minutes, hours, days, weeks (under 4), months (under 12), years.
 */
export function timeAgo(from: Date | string, now: Date = new Date()): TimeAgo {
  const seconds = Math.max(0, Math.floor((now.getTime() - new Date(from).getTime()) / 1000))
  if (seconds < 60) return { value: 0, unit: 'second' }
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return { value: minutes, unit: 'minute' }
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return { value: hours, unit: 'hour' }
  const days = Math.floor(hours / 24)
  if (days < 7) return { value: days, unit: 'day' }
  const weeks = Math.floor(days / 7)
  if (weeks < 4) return { value: weeks, unit: 'week' }
  const months = Math.floor(days / 30)
  if (months < 12) return { value: Math.max(1, months), unit: 'month' }
  return { value: Math.floor(days / 365), unit: 'year' }
}

/** The steps of `timeAgo` in English: 'just now', '5 minutes ago', 'yesterday' (at 1 day), '3 weeks ago'. */
export function relativeTime(from: Date | string, now: Date = new Date()): string {
  const { value, unit } = timeAgo(from, now)
  if (unit === 'second') return 'just now'
  if (unit === 'day' && value === 1) return 'yesterday'
  return `${value} ${unit}${value === 1 ? '' : 's'} ago`
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
