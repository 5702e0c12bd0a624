import { defineMessage, type IntlShape, type MessageDescriptor } from 'react-intl'

/**
 * The short "how long ago" of a bubble ('2 min ago', 'yesterday'), in the reader's language: the same steps as
 * `shortRelativeTime` of `#shared/relative-time.ts`, written as one message so each language says it its own short way
 * (`Intl.RelativeTimeFormat`'s short style abbreviates differently from the product's English).
 */
const SHORT_AGO: MessageDescriptor = defineMessage({
  id: 'time.shortAgo',
  defaultMessage:
    '{unit, select, now {now} minute {{count, plural, other {# min ago}}} hour {{count, plural, other {# h ago}}} yesterday {yesterday} day {{count, plural, other {# d ago}}} week {{count, plural, other {# wk ago}}} month {{count, plural, other {# mo ago}}} other {{count, plural, other {# y ago}}}}',
})

export function formatShortTimeAgo(intl: IntlShape, from: Date | string, now: Date = new Date()): string {
  const say = (unit: string, count = 0) => intl.formatMessage(SHORT_AGO, { unit, count })
  const minutes = Math.max(0, Math.floor((now.getTime() - new Date(from).getTime()) / 60_000))
  if (minutes < 1) return say('now')
  if (minutes < 60) return say('minute', minutes)
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return say('hour', hours)
  const days = Math.floor(hours / 24)
  if (days === 1) return say('yesterday')
  if (days < 7) return say('day', days)
  if (days < 28) return say('week', Math.floor(days / 7))
  if (days < 365) return say('month', Math.max(1, Math.floor(days / 30)))
  return say('year', Math.floor(days / 365))
}
