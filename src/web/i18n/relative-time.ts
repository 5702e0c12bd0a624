import type { IntlShape } from 'react-intl'

/**
 * How long ago, in the reader's language through `Intl.RelativeTimeFormat` ("hace 2 minutos", "il y a 3 jours"): the
 * same steps as `#shared/relative-time.ts` (just now, minutes, hours, yesterday, days, weeks, months, years).
 */
export function formatTimeAgo(intl: IntlShape, from: Date | string, now: Date = new Date()): string {
  const seconds = Math.max(0, Math.floor((now.getTime() - new Date(from).getTime()) / 1000))
  const ago = (value: number, unit: Intl.RelativeTimeFormatUnit) => intl.formatRelativeTime(-value, unit, { numeric: 'auto' })
  if (seconds < 60) return ago(0, 'second')
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return ago(minutes, 'minute')
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return ago(hours, 'hour')
  const days = Math.floor(hours / 24)
  if (days < 7) return ago(days, 'day')
  const weeks = Math.floor(days / 7)
  if (weeks < 4) return ago(weeks, 'week')
  const months = Math.floor(days / 30)
  if (months < 12) return ago(Math.max(1, months), 'month')
  return ago(Math.floor(days / 365), 'year')
}
