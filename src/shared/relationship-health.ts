import { z } from 'zod/mini'

/**
 * Relationship health (docs/product/relationship-health.md: the score, insights, meetings, emotions, activity). Every figure is computed
 * from the two people's own messages and meetings (docs/relationship-health.md has the formula); there is no sample data.
 */

/** 80 Excellent (green), 60 Good (yellow), 40 Fair, below 40 Needs Attention (red). */
export const HEALTH_THRESHOLDS = { excellent: 80, good: 60, fair: 40 } as const
/** Too few messages to judge below this many: the spec's fallback score applies (decision 74). */
export const MIN_MESSAGES_TO_JUDGE = 6
/**
 * Hearth speaks of a pair's rhythm ('you usually talk every 3 days') only once it has seen one (decision 210): their
 * messages span at least this many days from the first to the last ...
 */
export const RHYTHM_MIN_SPAN_DAYS = 14
/** ... and the turn passed between them at least this many times (one answering the other). */
export const RHYTHM_MIN_EXCHANGES = 4
/** Top emotions and top topics shown (the top 5 of each). */
export const TOP_TAGS = 5
/** Weeks of the activity chart. */
export const ACTIVITY_WEEKS = 12
/** Recent Meetings shows the first 5 (docs/product/relationship-health.md). */
export const RECENT_MEETINGS = 5

export const healthTrendSchema = z.enum(['improving', 'stable', 'declining'])
export type HealthTrend = z.infer<typeof healthTrendSchema>

export type HealthTone = 'green' | 'yellow' | 'orange' | 'red'

/** The spec's status word and colour for a score (Fair has no colour in the spec: orange, decision 74). */
export function healthStatus(score: number): { word: string; tone: HealthTone } {
  if (score >= HEALTH_THRESHOLDS.excellent) return { word: 'Excellent', tone: 'green' }
  if (score >= HEALTH_THRESHOLDS.good) return { word: 'Good', tone: 'yellow' }
  if (score >= HEALTH_THRESHOLDS.fair) return { word: 'Fair', tone: 'orange' }
  return { word: 'Needs Attention', tone: 'red' }
}

/**
 * The spec's heart for a score: 80 green, 60 yellow, otherwise broken. Screens draw it as an icon (a device without an
 * emoji font shows an emoji as an empty box); `healthEmoji` is the same heart as text.
 */
export function healthHeart(score: number): 'green' | 'yellow' | 'broken' {
  if (score >= HEALTH_THRESHOLDS.excellent) return 'green'
  if (score >= HEALTH_THRESHOLDS.good) return 'yellow'
  return 'broken'
}

/** The spec's emoji: 80 green heart, 60 yellow heart, otherwise a broken heart. */
export function healthEmoji(score: number): string {
  return { green: '💚', yellow: '💛', broken: '💔' }[healthHeart(score)]
}

/** The spec's fallback: 50 plus the message count (count capped at 45, total at 95), trend stable. */
export function fallbackHealthScore(messageCount: number): number {
  return Math.min(95, 50 + Math.min(messageCount, 45))
}

export const insightSchema = z.object({
  emoji: z.string(),
  title: z.string(),
  description: z.string(),
  /** percent, 0-100 */
  value: z.int().check(z.minimum(0), z.maximum(100)),
  trend: z.enum(['up', 'down', 'other']),
})
export type Insight = z.infer<typeof insightSchema>

export const tagCountSchema = z.object({ name: z.string(), count: z.int() })
export type TagCount = z.infer<typeof tagCountSchema>

export const weekActivitySchema = z.object({
  /** the week's first day, YYYY-MM-DD (UTC) */
  week_start: z.string(),
  messages: z.int(),
})
export type WeekActivity = z.infer<typeof weekActivitySchema>

export const meetingSchema = z.object({
  id: z.string(),
  met_on: z.string(),
  /** whole minutes, or null when not given */
  duration_minutes: z.nullable(z.int()),
  note: z.nullable(z.string()),
})
export type Meeting = z.infer<typeof meetingSchema>

export const relationshipHealthSchema = z.object({
  contact_id: z.string(),
  score: z.int().check(z.minimum(0), z.maximum(100)),
  trend: healthTrendSchema,
  /** true when there are too few messages to judge: the score is the spec's fallback */
  fallback: z.boolean(),
  message_count: z.int(),
  emotions_tracked: z.int(),
  insights: z.array(insightSchema),
  tips: z.array(z.string()),
  top_emotions: z.array(tagCountSchema),
  top_topics: z.array(tagCountSchema),
  activity: z.array(weekActivitySchema),
  meetings_count: z.int(),
  recent_meetings: z.array(meetingSchema),
  /** when the figures were last computed (null: nothing exchanged yet) */
  computed_at: z.nullable(z.string()),
})
export type RelationshipHealth = z.infer<typeof relationshipHealthSchema>

export const createMeetingSchema = z.object({
  met_on: z.iso.date(),
  duration_minutes: z.optional(z.nullable(z.int().check(z.minimum(1), z.maximum(24 * 60)))),
  note: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(500)))),
})
export type CreateMeeting = z.infer<typeof createMeetingSchema>

export const HEALTH_TEXTS = {
  /** the one sentence on screen that explains the score */
  explanation:
    'The score weighs how evenly you both reach out, how soon you answer each other, how recent your last exchange is against your usual rhythm, how often you talk now compared with before, how warm your messages feel, likes, and meeting in person.',
  /** a new relationship, before there is enough to judge: a calm start, not a verdict (decision 127) */
  startingTitle: 'Just getting started',
  fallback: (count: number, needed: number) =>
    count === 0
      ? `No messages yet. After ${needed}, Hearth can tell how you two are doing.`
      : `${count} message${count === 1 ? '' : 's'} so far. After ${needed}, Hearth can tell how you two are doing.`,
  startingProgress: 'Messages until a first reading',
  loadFailed: 'Failed to load relationship health',
  meetingSaved: 'Meeting saved',
  meetingFailed: 'Failed to save meeting',
  meetingInFuture: 'A meeting cannot be in the future.',
} as const

/** Gentle nudges' settings switch (its own small card on /settings). */
export const nudgeSettingsSchema = z.object({ enabled: z.boolean() })
export type NudgeSettings = z.infer<typeof nudgeSettingsSchema>

/** The caller's contacts nudged lately and still quiet. */
export const openNudgesSchema = z.object({ nudges: z.array(z.object({ contact_id: z.string(), sent_at: z.string() })) })
export type OpenNudges = z.infer<typeof openNudgesSchema>
