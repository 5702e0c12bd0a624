import type { IntlShape, MessageDescriptor } from 'react-intl'
import type { OverviewMessage } from '#shared/message-search.ts'

/**
 * The rules of the messages overview (docs/product/messages-overview.md) as pure functions: grouping,
 * the chip list, chip filtering, ordering within a group, card tint and the entrance animation's delay.
 */

export type OverviewGrouping = 'topics' | 'emotions'

/** Overview cards show up to 2 emotions and 3 topics. */
export const OVERVIEW_MAX_EMOTIONS = 2
export const OVERVIEW_MAX_TOPICS = 3
/** Chips shown before 'See N more'. */
export const CHIP_LIMIT = 10
/** Entrance animation: 50 ms more per card, never more than 500 ms. */
export const CARD_DELAY_STEP_MS = 50
export const CARD_DELAY_MAX_MS = 500

export const OVERVIEW_TEXTS = {
  title: { id: 'overview.title', defaultMessage: 'Your Messages' },
  subtitle: { id: 'overview.subtitle', defaultMessage: 'Organized by topics/emotions' },
  searchPlaceholder: { id: 'overview.search.placeholder', defaultMessage: 'Search messages, emotions, topics...' },
  filterBy: { id: 'overview.filterBy', defaultMessage: 'Filter by:' },
  noResults: { id: 'overview.noResults', defaultMessage: 'No messages found matching your search' },
  /** said by the live region once a search's results are in (worded apart from what the page shows) */
  resultsFound: {
    id: 'overview.resultsFound',
    defaultMessage: '{count, plural, =0 {Search found no messages} one {Search found # message} other {Search found # messages}}',
  },
  loadFailed: { id: 'overview.loadFailed', defaultMessage: 'Failed to load messages' },
  liked: { id: 'overview.group.liked', defaultMessage: 'Liked' },
  other: { id: 'overview.group.other', defaultMessage: 'Other' },
  messageCount: { id: 'overview.group.count', defaultMessage: '{count, plural, one {# message} other {# messages}}' },
  unknown: { id: 'overview.unknown', defaultMessage: 'Unknown' },
  you: { id: 'overview.you', defaultMessage: 'You' },
  audioMessage: { id: 'overview.audioMessage', defaultMessage: 'Audio message' },
} satisfies Record<string, MessageDescriptor>

type Labelled = Pick<OverviewMessage, 'emotions' | 'topics'>
type Ordered = Pick<OverviewMessage, 'id' | 'liked' | 'is_read' | 'receiver_id' | 'created_at'>

export function labelsOf(message: Labelled, grouping: OverviewGrouping): string[] {
  return grouping === 'topics' ? message.topics : message.emotions
}

/** A group's heading: 'Liked', 'Other' (in the reader's language), or its label with a capital first letter ('family' -> 'Family'). */
export function groupTitle(intl: IntlShape, group: Pick<OverviewGroup<unknown>, 'kind' | 'label'>): string {
  if (group.kind === 'liked') return intl.formatMessage(OVERVIEW_TEXTS.liked)
  if (group.kind === 'other') return intl.formatMessage(OVERVIEW_TEXTS.other)
  return group.label.charAt(0).toLocaleUpperCase() + group.label.slice(1)
}

/** 'N message(s)': '1 message', '2 messages', in the reader's language and its plural rules. */
export function messageCount(intl: IntlShape, count: number): string {
  return intl.formatMessage(OVERVIEW_TEXTS.messageCount, { count })
}

/** Liked 2, unread 1, else 0. Unread means received and not yet opened: your own messages are never "unread" to you. */
export function messagePriority(message: Ordered, ownUserId: string): number {
  if (message.liked) return 2
  if (message.receiver_id === ownUserId && !message.is_read) return 1
  return 0
}

/** The overview's order (docs/product/messages-overview.md): higher priority first, then newest first (then by id, to be stable). */
export function compareOverview(ownUserId: string) {
  return (a: Ordered, b: Ordered): number =>
    messagePriority(b, ownUserId) - messagePriority(a, ownUserId) ||
    Date.parse(b.created_at) - Date.parse(a.created_at) ||
    (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)
}

export type Chip = { label: string; count: number }

/** The topics (or emotions) present in these messages, most used first, then alphabetically. */
export function chipList(messages: readonly Labelled[], grouping: OverviewGrouping): Chip[] {
  const counts = new Map<string, number>()
  for (const message of messages) {
    for (const label of new Set(labelsOf(message, grouping))) counts.set(label, (counts.get(label) ?? 0) + 1)
  }
  return [...counts].map(([label, count]) => ({ label, count })).sort((a, b) => b.count - a.count || a.label.localeCompare(b.label))
}

/**
 * The chips to show: the first 10, or all when expanded. A selected chip beyond the first 10 stays visible, so a
 * filter in use never hides. `hidden` is the N of 'See N more'.
 */
export function visibleChips(chips: readonly Chip[], selected: ReadonlySet<string>, expanded: boolean, limit = CHIP_LIMIT) {
  if (expanded || chips.length <= limit) return { chips: [...chips], hidden: 0 }
  const shown = chips.filter((chip, index) => index < limit || selected.has(chip.label))
  return { chips: shown, hidden: chips.length - shown.length }
}

/** All selected chips must match (docs/product/messages-overview.md): a message stays when it carries every selected label. */
export function matchesAllChips(message: Labelled, grouping: OverviewGrouping, selected: ReadonlySet<string>): boolean {
  if (selected.size === 0) return true
  const labels = new Set(labelsOf(message, grouping))
  for (const label of selected) if (!labels.has(label)) return false
  return true
}

/** `label` is the topic or emotion of a 'label' group; a 'liked' or 'other' group is named by its kind (`groupTitle`). */
export type OverviewGroup<M> = { key: string; kind: 'liked' | 'label' | 'other'; label: string; messages: M[] }

/**
 * A 'Liked' group first, then one group per topic (or emotion) with the most messages first (ties alphabetically),
 * then 'Other' for messages without any. A message with two topics is in both groups, and a liked one also in its
 * topic groups. Each group is in the overview's order.
 */
export function groupMessages<M extends Labelled & Ordered>(
  messages: readonly M[],
  grouping: OverviewGrouping,
  ownUserId: string,
): OverviewGroup<M>[] {
  const order = compareOverview(ownUserId)
  const byLabel = new Map<string, M[]>()
  const other: M[] = []
  for (const message of messages) {
    const labels = [...new Set(labelsOf(message, grouping))]
    if (labels.length === 0) other.push(message)
    for (const label of labels) byLabel.set(label, [...(byLabel.get(label) ?? []), message])
  }
  const groups: OverviewGroup<M>[] = []
  const liked = messages.filter((m) => m.liked)
  if (liked.length > 0) groups.push({ key: 'liked', kind: 'liked', label: '', messages: liked.sort(order) })
  const labelled = [...byLabel].sort(([a, am], [b, bm]) => bm.length - am.length || a.localeCompare(b))
  for (const [label, list] of labelled) groups.push({ key: `label:${label}`, kind: 'label', label, messages: list.sort(order) })
  if (other.length > 0) groups.push({ key: 'other', kind: 'other', label: '', messages: other.sort(order) })
  return groups
}

export type CardTint = 'liked' | 'happy' | 'excited' | 'calm' | 'default'

const TINT_EMOTIONS: [Exclude<CardTint, 'liked' | 'default'>, readonly string[]][] = [
  ['happy', ['happy', 'joy', 'joyful']],
  ['excited', ['excited', 'energetic']],
  ['calm', ['calm', 'peaceful']],
]

/** Liked first; else the first of happy/joy, excited/energetic, calm/peaceful that the message carries; else default. */
export function cardTint(message: Pick<OverviewMessage, 'liked' | 'emotions'>): CardTint {
  if (message.liked) return 'liked'
  const emotions = new Set(message.emotions.map((e) => e.toLowerCase()))
  for (const [tint, names] of TINT_EMOTIONS) if (names.some((name) => emotions.has(name))) return tint
  return 'default'
}

/** The entrance animation's delay for the card at this position on the page. */
export function cardAnimationDelayMs(index: number): number {
  return Math.min(Math.max(0, index) * CARD_DELAY_STEP_MS, CARD_DELAY_MAX_MS)
}

/** Who a card is from: 'You' for your own, the contact's name as you saved it, or 'Unknown'. */
export function senderName(intl: IntlShape, message: Pick<OverviewMessage, 'sender_id' | 'other_person'>, ownUserId: string): string {
  if (message.sender_id === ownUserId) return intl.formatMessage(OVERVIEW_TEXTS.you)
  return message.other_person.name ?? intl.formatMessage(OVERVIEW_TEXTS.unknown)
}
