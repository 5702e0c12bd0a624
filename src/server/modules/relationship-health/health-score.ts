import {
  ACTIVITY_WEEKS,
  fallbackHealthScore,
  MIN_MESSAGES_TO_JUDGE,
  RHYTHM_MIN_EXCHANGES,
  RHYTHM_MIN_SPAN_DAYS,
  TOP_TAGS,
  type HealthTrend,
  type Insight,
  type TagCount,
  type WeekActivity,
} from '#shared/relationship-health.ts'
import { intlOf, type ServerIntl } from '#server/i18n/i18n.ts'
import { HEALTH_MESSAGES as H } from '#server/i18n/messages.ts'

/**
 * The relationship-health formula (docs/relationship-health.md), pure: a pair's history in, figures out. Everything
 * is seen from one person ("me") towards one contact, so both people of a pair get their own view.
 */

/** One message of the pair, oldest first. */
export type HistoryMessage = {
  fromMe: boolean
  at: Date
  /** -1..1 once analysed */
  sentiment: number | null
  emotions: string[]
  topics: string[]
  /** liked by either person */
  liked: boolean
}
export type HistoryMeeting = { at: Date }
export type PairHistory = { messages: HistoryMessage[]; meetings: HistoryMeeting[] }

const DAY_MS = 24 * 60 * 60 * 1000
/** Weights of the components; they add up to 100. */
export const WEIGHTS = {
  reciprocity: 25,
  responsiveness: 20,
  recency: 20,
  frequency: 15,
  warmth: 10,
  likes: 5,
  meetings: 5,
} as const
export type Component = keyof typeof WEIGHTS
/** Reciprocity looks at this many of the latest messages. */
const RECIPROCITY_WINDOW = 30
/** A turn counts as answered when the other person follows within this long. */
const ANSWER_WITHIN_MS = 3 * DAY_MS
/** The usual gap is never taken as shorter than a day (two people talking hourly are not "late" after a night). */
const MIN_USUAL_GAP_MS = DAY_MS
/** Recency is full up to the usual gap and reaches zero at four times it. */
const RECENCY_ZERO_AT = 4
const RECENT_PERIOD_MS = 28 * DAY_MS
const EARLIER_PERIODS = 3
/** A like on one message in five is full marks for likes. */
const FULL_LIKES_SHARE = 0.2
const MEETING_RECENT_MS = 90 * DAY_MS
/** Trend compares today's score with the score two weeks ago; 5 points either way is a change. */
export const TREND_LOOKBACK_MS = 14 * DAY_MS
export const TREND_STEP = 5

const clamp01 = (x: number) => Math.min(1, Math.max(0, x))
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2
}

/** The facts the components and the texts are made of. */
export type PairFacts = {
  total: number
  recentMine: number
  recentTheirs: number
  /** messages old enough to judge whether they got an answer within 3 days, and those that did */
  turnsJudged: number
  turnsAnswered: number
  /** null when nothing was exchanged */
  daysSinceLast: number | null
  usualGapDays: number | null
  /** whether the history is long and lively enough to speak of a rhythm (RHYTHM_MIN_SPAN_DAYS, RHYTHM_MIN_EXCHANGES) */
  rhythmKnown: boolean
  lastFromMe: boolean | null
  inLast4Weeks: number
  /** average per 4 weeks over the 12 weeks before, null when the pair is younger than that */
  earlierPer4Weeks: number | null
  averageSentiment: number | null
  likedShare: number
  meetings: number
  daysSinceMeeting: number | null
}

/** The pair's history as it was at `now` (messages and meetings after it are left out). */
const asOf = (history: PairHistory, now: Date): PairHistory => ({
  messages: history.messages.filter((m) => m.at <= now),
  meetings: history.meetings.filter((m) => m.at <= now),
})

export function pairFacts(history: PairHistory, now: Date): PairFacts {
  const { messages, meetings } = asOf(history, now)
  const recent = messages.slice(-RECIPROCITY_WINDOW)
  const recentMine = recent.filter((m) => m.fromMe).length

  // a message is answered when the other person sends anything within 3 days; one still inside that window is not judged
  const answeredFlags: (boolean | null)[] = []
  let nextFromMe: number | null = null
  let nextFromThem: number | null = null
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]
    if (!message) continue
    const t = message.at.getTime()
    const reply = message.fromMe ? nextFromThem : nextFromMe
    answeredFlags.push(reply !== null && reply - t <= ANSWER_WITHIN_MS ? true : now.getTime() - t > ANSWER_WITHIN_MS ? false : null)
    if (message.fromMe) nextFromMe = t
    else nextFromThem = t
  }
  const judged = answeredFlags.filter((a) => a !== null)

  const gaps = messages.slice(1).map((m, i) => m.at.getTime() - (messages[i]?.at.getTime() ?? 0))
  const last = messages.at(-1)
  const first = messages[0]
  const t = now.getTime()
  const inLast4Weeks = messages.filter((m) => t - m.at.getTime() < RECENT_PERIOD_MS).length
  const earlierStart = t - RECENT_PERIOD_MS * (EARLIER_PERIODS + 1)
  const earlier = messages.filter((m) => t - m.at.getTime() >= RECENT_PERIOD_MS && m.at.getTime() >= earlierStart).length
  const oldEnough = first !== undefined && first.at.getTime() <= t - RECENT_PERIOD_MS * 2
  const exchanges = messages.filter((m, i) => i > 0 && m.fromMe !== messages[i - 1]?.fromMe).length
  const spanDays = first && last ? (last.at.getTime() - first.at.getTime()) / DAY_MS : 0
  const sentiments = messages.map((m) => m.sentiment).filter((s): s is number => s !== null)
  const lastMeeting = meetings.reduce<Date | null>((latest, m) => (!latest || m.at > latest ? m.at : latest), null)

  return {
    total: messages.length,
    recentMine,
    recentTheirs: recent.length - recentMine,
    turnsJudged: judged.length,
    turnsAnswered: judged.filter(Boolean).length,
    daysSinceLast: last ? (t - last.at.getTime()) / DAY_MS : null,
    usualGapDays: gaps.length ? Math.max(MIN_USUAL_GAP_MS, median(gaps)) / DAY_MS : null,
    rhythmKnown: spanDays >= RHYTHM_MIN_SPAN_DAYS && exchanges >= RHYTHM_MIN_EXCHANGES,
    lastFromMe: last ? last.fromMe : null,
    inLast4Weeks,
    earlierPer4Weeks: oldEnough ? earlier / EARLIER_PERIODS : null,
    averageSentiment: sentiments.length ? sentiments.reduce((a, b) => a + b, 0) / sentiments.length : null,
    likedShare: messages.length ? messages.filter((m) => m.liked).length / messages.length : 0,
    meetings: meetings.length,
    daysSinceMeeting: lastMeeting ? (t - lastMeeting.getTime()) / DAY_MS : null,
  }
}

/** Each component from 0 to 1. */
export function components(f: PairFacts): Record<Component, number> {
  const recentTotal = f.recentMine + f.recentTheirs
  const gapRatio = f.daysSinceLast !== null && f.usualGapDays ? f.daysSinceLast / f.usualGapDays : 1
  return {
    reciprocity: recentTotal ? 1 - Math.abs(f.recentMine - f.recentTheirs) / recentTotal : 0,
    responsiveness: f.turnsJudged ? f.turnsAnswered / f.turnsJudged : 1,
    recency: clamp01(1 - (gapRatio - 1) / (RECENCY_ZERO_AT - 1)),
    // a pair too young to have a "before" is compared with nothing: full marks
    frequency: f.earlierPer4Weeks === null ? 1 : f.earlierPer4Weeks === 0 ? 1 : clamp01(f.inLast4Weeks / f.earlierPer4Weeks),
    warmth: f.averageSentiment === null ? 0.5 : clamp01((f.averageSentiment + 1) / 2),
    likes: clamp01(f.likedShare / FULL_LIKES_SHARE),
    meetings: f.daysSinceMeeting === null ? 0 : f.daysSinceMeeting <= MEETING_RECENT_MS / DAY_MS ? 1 : 0.5,
  }
}

/** The score at `now`: the spec's fallback below MIN_MESSAGES_TO_JUDGE messages, else the weighted components. */
export function healthScore(history: PairHistory, now: Date): { score: number; fallback: boolean } {
  const facts = pairFacts(history, now)
  if (facts.total < MIN_MESSAGES_TO_JUDGE) return { score: fallbackHealthScore(facts.total), fallback: true }
  const parts = components(facts)
  const score = (Object.keys(WEIGHTS) as Component[]).reduce((sum, key) => sum + WEIGHTS[key] * parts[key], 0)
  return { score: Math.round(score), fallback: false }
}

/** Improving or declining when the score moved 5 points or more since two weeks ago; stable otherwise or while unjudged. */
export function healthTrend(history: PairHistory, now: Date): HealthTrend {
  return trendBetween(healthScore(history, now), healthScore(history, new Date(now.getTime() - TREND_LOOKBACK_MS)))
}

/** The trend from the score now and two weeks ago (the rule of `healthTrend`, on its own for its edges). */
export function trendBetween(current: { score: number; fallback: boolean }, before: { score: number; fallback: boolean }): HealthTrend {
  if (current.fallback || before.fallback) return 'stable'
  const delta = current.score - before.score
  if (delta >= TREND_STEP) return 'improving'
  if (delta <= -TREND_STEP) return 'declining'
  return 'stable'
}

const pct = (x: number) => Math.round(clamp01(x) * 100)
const days = (d: number) => Math.max(0, Math.round(d))

/**
 * A sentence of an insight or a tip as it is stored (decision 223): its message and values, written in the reader's
 * language when it is read (`renderHealthText`).
 */
export type HealthText = { id: keyof typeof H; values?: Record<string, string | number> }
/** An insight as it is stored: its title and description as texts, its figures as they are. */
export type InsightParts = Omit<Insight, 'title' | 'description'> & { title: HealthText; description: HealthText }

/** Whether a stored id is one of the health texts this build knows. */
export const isHealthText = (text: { id: string }): text is HealthText => Object.hasOwn(H, text.id)

/** A stored text in a language; a `topic` is an analysis label, named in that language too. */
export function renderHealthText(intl: ServerIntl, text: HealthText): string {
  const values = { ...text.values }
  const topic = values.topic
  // looked up by a computed id, so without a default: the catalogues hold every label of the known lists
  if (typeof topic === 'string' && intl.messages[`analysis.topic.${topic}`])
    values.topic = intl.formatMessage({ id: `analysis.topic.${topic}` })
  return intl.formatMessage(H[text.id], values)
}

/** Insights as computed, written in a language. */
function renderInsights(intl: ServerIntl, insights: InsightParts[]): Insight[] {
  return insights.map((i) => ({ ...i, title: renderHealthText(intl, i.title), description: renderHealthText(intl, i.description) }))
}
const english = (text: HealthText) => renderHealthText(intlOf('en'), text)
const insightTrend = (now: number, before: number | null): Insight['trend'] =>
  before === null ? 'other' : now - before >= 0.05 ? 'up' : before - now >= 0.05 ? 'down' : 'other'

/** Who sent the last messages, in words that are right for one, a few and many, and for one side alone. */
function balanceText(mine: number, theirs: number, name: string): HealthText {
  const total = mine + theirs
  if (total === 1) return mine === 1 ? { id: 'lastYours' } : { id: 'lastTheirs', values: { name } }
  if (theirs === 0) return { id: 'allYours', values: { total } }
  if (mine === 0) return { id: 'allTheirs', values: { name, total } }
  return { id: 'split', values: { total, mine, name, theirs } }
}

/** The balance sentence in English. */
export function balanceSentence(mine: number, theirs: number, name: string): string {
  return english(balanceText(mine, theirs, name))
}

/** Key Insights: each component the pair has data for, with its value and how it moved in two weeks. */
function healthInsights(history: PairHistory, now: Date, name: string): InsightParts[] {
  const facts = pairFacts(history, now)
  if (facts.total === 0) return []
  const parts = components(facts)
  const beforeFacts = pairFacts(history, new Date(now.getTime() - TREND_LOOKBACK_MS))
  const before = beforeFacts.total >= MIN_MESSAGES_TO_JUDGE ? components(beforeFacts) : null
  const insights: InsightParts[] = [
    {
      emoji: '🤝',
      title: { id: 'balanceTitle' },
      description: balanceText(facts.recentMine, facts.recentTheirs, name),
      value: pct(parts.reciprocity),
      trend: insightTrend(parts.reciprocity, before?.reciprocity ?? null),
    },
  ]
  if (facts.turnsJudged > 0) {
    insights.push({
      emoji: '⚡',
      title: { id: 'responsivenessTitle' },
      description: { id: 'responsiveness', values: { answered: facts.turnsAnswered, judged: facts.turnsJudged } },
      value: pct(parts.responsiveness),
      trend: insightTrend(parts.responsiveness, before?.responsiveness ?? null),
    })
  }
  // a rhythm is spoken of only once there is one to see (decision 210)
  if (facts.rhythmKnown && facts.daysSinceLast !== null && facts.usualGapDays !== null) {
    insights.push({
      emoji: '🕰️',
      title: { id: 'rhythmTitle' },
      description: { id: 'rhythm', values: { ago: days(facts.daysSinceLast), gap: Math.max(1, days(facts.usualGapDays)) } },
      value: pct(parts.recency),
      trend: insightTrend(parts.recency, before?.recency ?? null),
    })
  }
  if (facts.averageSentiment !== null) {
    const mood = facts.averageSentiment >= 0.2 ? 'warm' : facts.averageSentiment <= -0.2 ? 'heavy' : 'mixed'
    insights.push({
      emoji: '😊',
      title: { id: 'warmthTitle' },
      description: { id: 'warmth', values: { mood } },
      value: pct(parts.warmth),
      trend: insightTrend(parts.warmth, before?.warmth ?? null),
    })
  }
  return insights
}

/** Tips: facts about this pair, the weakest parts first; always at least two. */
function healthTips(history: PairHistory, now: Date, name: string): HealthText[] {
  const facts = pairFacts(history, now)
  const topTopic = topTags(
    history.messages.filter((m) => m.at <= now),
    'topics',
  )[0]?.name
  if (facts.total < MIN_MESSAGES_TO_JUDGE) {
    const tips: HealthText[] = [
      { id: facts.total === 0 ? 'firstMessage' : facts.lastFromMe ? 'lastFromYou' : 'lastFromThem', values: { name } },
      { id: 'fewMessages', values: { total: facts.total } },
    ]
    if (topTopic) tips.push({ id: 'talkedAbout', values: { topic: topTopic, name } })
    return tips
  }
  const parts = components(facts)
  const recentTotal = facts.recentMine + facts.recentTheirs
  const candidates: { weight: number; text: HealthText }[] = []
  if (facts.recentMine > facts.recentTheirs) {
    candidates.push({
      weight: parts.reciprocity,
      text: { id: 'youSentMore', values: { mine: facts.recentMine, total: recentTotal, name } },
    })
  } else if (facts.recentTheirs > facts.recentMine) {
    candidates.push({
      weight: parts.reciprocity,
      text: { id: 'theySentMore', values: { name, theirs: facts.recentTheirs, total: recentTotal } },
    })
  } else {
    candidates.push({ weight: parts.reciprocity, text: { id: 'even', values: { name, mine: facts.recentMine } } })
  }
  if (facts.rhythmKnown && facts.daysSinceLast !== null && facts.usualGapDays !== null) {
    const ratio = facts.daysSinceLast / facts.usualGapDays
    candidates.push({
      weight: parts.recency,
      text:
        ratio > 1.5
          ? { id: 'longGap', values: { days: days(facts.daysSinceLast), ratio: Math.round(ratio), name } }
          : { id: 'withinRhythm', values: { gap: Math.max(1, days(facts.usualGapDays)) } },
    })
  }
  if (facts.earlierPer4Weeks !== null && facts.inLast4Weeks < facts.earlierPer4Weeks) {
    candidates.push({
      weight: parts.frequency,
      text: { id: 'fewerLately', values: { recent: facts.inLast4Weeks, before: Math.round(facts.earlierPer4Weeks) } },
    })
  }
  if (facts.turnsJudged > 0 && parts.responsiveness < 0.7) {
    candidates.push({
      weight: parts.responsiveness,
      text: { id: 'slowAnswers', values: { answered: facts.turnsAnswered, judged: facts.turnsJudged } },
    })
  }
  if (facts.likedShare === 0) {
    candidates.push({ weight: parts.likes, text: { id: 'noLikes' } })
  }
  candidates.push({
    weight: parts.meetings + 0.5,
    text:
      facts.daysSinceMeeting === null
        ? { id: 'noMeeting', values: { name } }
        : facts.daysSinceMeeting > MEETING_RECENT_MS / DAY_MS
          ? { id: 'metLongAgo', values: { days: days(facts.daysSinceMeeting), name } }
          : { id: 'metRecently', values: { days: days(facts.daysSinceMeeting) } },
  })
  if (topTopic) candidates.push({ weight: 0.9, text: { id: 'oftenTalk', values: { topic: topTopic, name } } })
  // stable sort: the weakest component's tip first
  return candidates
    .map((c, i) => ({ ...c, i }))
    .sort((a, b) => a.weight - b.weight || a.i - b.i)
    .slice(0, 3)
    .map((c) => c.text)
}

/** Top tags by count, then by name. */
export function topTags(messages: HistoryMessage[], field: 'emotions' | 'topics', limit = TOP_TAGS): TagCount[] {
  const counts = new Map<string, number>()
  for (const message of messages) for (const tag of new Set(message[field])) counts.set(tag, (counts.get(tag) ?? 0) + 1)
  return [...counts]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
    .slice(0, limit)
}

/** Messages in each of the last 12 weeks, oldest week first; each week ends at `now` minus whole weeks. */
export function weeklyActivity(messages: HistoryMessage[], now: Date): WeekActivity[] {
  const weekMs = 7 * DAY_MS
  const start = now.getTime() - ACTIVITY_WEEKS * weekMs
  const counts: number[] = Array.from({ length: ACTIVITY_WEEKS }, () => 0)
  for (const message of messages) {
    const offset = message.at.getTime() - start
    if (offset < 0 || message.at > now) continue
    const index = Math.min(ACTIVITY_WEEKS - 1, Math.floor(offset / weekMs))
    counts[index] = (counts[index] ?? 0) + 1
  }
  return counts.map((count, i) => ({ week_start: new Date(start + i * weekMs).toISOString().slice(0, 10), messages: count }))
}

/** Everything stored for one person's view of one relationship. */
export function computeHealth(history: PairHistory, now: Date, name: string) {
  const { score, fallback } = healthScore(history, now)
  const facts = pairFacts(history, now)
  const messages = history.messages.filter((m) => m.at <= now)
  const insights = healthInsights(history, now, name)
  const tips = healthTips(history, now, name)
  return {
    score,
    fallback,
    trend: healthTrend(history, now),
    messageCount: messages.length,
    emotionsTracked: new Set(messages.flatMap((m) => m.emotions)).size,
    // stored as texts and in English: the English for a reader of an older build, the texts for every language
    insightTexts: insights,
    tipTexts: tips,
    insights: renderInsights(intlOf('en'), insights),
    tips: tips.map(english),
    topEmotions: topTags(messages, 'emotions'),
    topTopics: topTags(messages, 'topics'),
    activity: weeklyActivity(messages, now),
    averageSentiment: facts.averageSentiment,
    lastMessageAt: messages.at(-1)?.at ?? null,
    usualGapSeconds: facts.usualGapDays === null ? null : Math.round(facts.usualGapDays * 24 * 3600),
  }
}

/** Nudges: quiet for twice the pair's usual gap and at least a week. */
export const NUDGE_MIN_QUIET_MS = 7 * DAY_MS
export const NUDGE_GAP_FACTOR = 2
/** At most one nudge per contact every two weeks, and one per person every week. */
export const NUDGE_CONTACT_INTERVAL_MS = 14 * DAY_MS
export const NUDGE_PERSON_INTERVAL_MS = 7 * DAY_MS

/** Whether a pair has gone quiet against its own rhythm; a pair without a rhythm yet (one message) never has. */
export function isGoingQuiet(lastMessageAt: Date | null, usualGapSeconds: number | null, now: Date): boolean {
  if (!lastMessageAt || usualGapSeconds === null) return false
  const quietFor = now.getTime() - lastMessageAt.getTime()
  return quietFor >= Math.max(NUDGE_MIN_QUIET_MS, NUDGE_GAP_FACTOR * usualGapSeconds * 1000)
}
