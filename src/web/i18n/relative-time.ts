import type { IntlShape } from 'react-intl'
import { timeAgo } from '#shared/relative-time.ts'

/**
 * How long ago, in the reader's language through `Intl.RelativeTimeFormat` ("hace 2 minutos", "il y a 3 jours"): the
 * steps of `#shared/relative-time.ts`.
 */
export function formatTimeAgo(intl: IntlShape, from: Date | string, now: Date = new Date()): string {
  const { value, unit } = timeAgo(from, now)
  return intl.formatRelativeTime(-value, unit, { numeric: 'auto' })
}
