import {
  ChevronDown,
  Clock,
  Handshake,
  Heart,
  HeartCrack,
  HeartPulse,
  Minus,
  Smile,
  Sprout,
  TrendingDown,
  TrendingUp,
  Zap,
} from 'lucide-react'
import type * as React from 'react'
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl'
import {
  healthHeart,
  healthStatus,
  MIN_MESSAGES_TO_JUDGE,
  type HealthTone,
  type HealthTrend,
  type Insight,
  type RelationshipHealth,
  type TagCount,
} from '#shared/relationship-health.ts'
import { QueryError } from '#web/components/query-error.tsx'
import { SectionCard, SectionCardHeader } from '#web/components/section-card.tsx'
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '#web/components/ui/collapsible.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { cn } from '#web/lib/utils.ts'
import { useAnalysisLabel } from '#web/resources/messages/analysis-labels.ts'
import { useRelationshipHealthQuery } from '../queries.ts'
import { ActivityChart } from './activity-chart.tsx'
import { WeMetDialog } from './we-met-dialog.tsx'

const TONE_TEXT: Record<HealthTone, string> = {
  green: 'text-green-700 dark:text-green-400',
  yellow: 'text-yellow-800 dark:text-yellow-300',
  orange: 'text-orange-700 dark:text-orange-300',
  red: 'text-red-700 dark:text-red-400',
}
const TONE_BAR: Record<HealthTone, string> = {
  green: 'bg-green-600 dark:bg-green-500',
  yellow: 'bg-yellow-500 dark:bg-yellow-400',
  orange: 'bg-orange-500 dark:bg-orange-400',
  red: 'bg-red-600 dark:bg-red-500',
}
const TREND: Record<HealthTrend, { label: MessageDescriptor; icon: React.ReactNode }> = {
  improving: { label: { id: 'health.trend.improving', defaultMessage: 'Improving' }, icon: <TrendingUp aria-hidden className="size-4" /> },
  stable: { label: { id: 'health.trend.stable', defaultMessage: 'Stable' }, icon: <Minus aria-hidden className="size-4" /> },
  declining: {
    label: { id: 'health.trend.declining', defaultMessage: 'Declining' },
    icon: <TrendingDown aria-hidden className="size-4" />,
  },
}

/** `healthStatus`'s words (#shared/relationship-health.ts), by tone. */
const STATUS_WORDS: Record<HealthTone, MessageDescriptor> = defineMessages({
  green: { id: 'health.status.excellent', defaultMessage: 'Excellent' },
  yellow: { id: 'health.status.good', defaultMessage: 'Good' },
  orange: { id: 'health.status.fair', defaultMessage: 'Fair' },
  red: { id: 'health.status.needsAttention', defaultMessage: 'Needs Attention' },
})

/** One collapsible section of the card, its trigger a full-width button with the section's title. */
function HealthSection({ title, defaultOpen = false, children }: { title: string; defaultOpen?: boolean; children: React.ReactNode }) {
  return (
    <Collapsible defaultOpen={defaultOpen} className="border-t pt-2">
      <CollapsibleTrigger className="group flex w-full items-center justify-between rounded-md py-2 text-start font-medium focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
        {title}
        <ChevronDown aria-hidden className="size-4 transition-transform group-data-[state=open]:rotate-180" />
      </CollapsibleTrigger>
      <CollapsibleContent className="flex flex-col gap-3 pb-2">{children}</CollapsibleContent>
    </Collapsible>
  )
}

/** The insights' emojis drawn as icons, the same on every device; an emoji without one shows none rather than a box. */
const INSIGHT_ICONS: Record<string, React.ReactNode> = {
  '🤝': <Handshake aria-hidden className="size-5" />,
  '⚡': <Zap aria-hidden className="size-5" />,
  '🕰️': <Clock aria-hidden className="size-5" />,
  '😊': <Smile aria-hidden className="size-5" />,
}

/** One insight; while the relationship is just starting, its words without a percentage (there is no verdict yet). */
function InsightRow({ insight, starting }: { insight: Insight; starting: boolean }) {
  const trend = insight.trend === 'up' ? 'rising' : insight.trend === 'down' ? 'falling' : null
  const intl = useIntl()
  return (
    <li className="flex items-start gap-3">
      <span className="mt-0.5 flex size-5 shrink-0 text-primary">{INSIGHT_ICONS[insight.emoji]}</span>
      <div className="flex min-w-0 flex-1 flex-col">
        <p className="flex items-center justify-between gap-2 font-medium">
          <span>{insight.title}</span>
          {!starting && (
            <span className="flex items-center gap-1 text-sm tabular-nums">
              {intl.formatNumber(insight.value / 100, { style: 'percent' })}
              {trend === 'rising' && (
                <TrendingUp aria-label={intl.formatMessage({ id: 'health.insight.rising', defaultMessage: 'rising' })} className="size-4" />
              )}
              {trend === 'falling' && (
                <TrendingDown
                  aria-label={intl.formatMessage({ id: 'health.insight.falling', defaultMessage: 'falling' })}
                  className="size-4"
                />
              )}
            </span>
          )}
        </p>
        <p className="text-sm text-muted-foreground">{insight.description}</p>
      </div>
    </li>
  )
}

function TagList({ label, kind, tags }: { label: string; kind: 'emotion' | 'topic'; tags: TagCount[] }) {
  const name = useAnalysisLabel()
  return (
    <div className="flex flex-col gap-1.5">
      <h3 className="text-sm font-medium">{label}</h3>
      {tags.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          <FormattedMessage id="health.tags.none" defaultMessage="None found yet." />
        </p>
      ) : (
        <ul className="flex flex-wrap gap-1.5" aria-label={label}>
          {tags.map((tag) => (
            <li key={tag.name} className="rounded-full bg-secondary px-2.5 py-0.5 text-sm text-secondary-foreground">
              {name(kind, tag.name)} <span className="tabular-nums">({tag.count})</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

/** The score's heart as an icon, the same on every device (an emoji needs an emoji font). */
function ScoreHeart({ score }: { score: number }) {
  const heart = healthHeart(score)
  if (heart === 'broken') return <HeartCrack aria-hidden className="size-7 text-red-700 dark:text-red-400" />
  return (
    <Heart
      aria-hidden
      className={cn('size-7', heart === 'green' ? 'fill-green-600 text-green-700 dark:fill-green-500' : 'fill-yellow-400 text-yellow-700')}
    />
  )
}

/** The score, its word, trend and bar: a verdict, shown once there is enough to judge. */
function HealthVerdict({ health }: { health: RelationshipHealth }) {
  const status = healthStatus(health.score)
  const trend = TREND[health.trend]
  const intl = useIntl()
  return (
    <>
      <div className="flex items-center justify-between gap-3">
        <p className="flex items-center gap-2">
          <ScoreHeart score={health.score} />
          <span className="text-4xl font-semibold tabular-nums">{intl.formatNumber(health.score / 100, { style: 'percent' })}</span>
        </p>
        <div className="flex flex-col items-end gap-0.5 text-sm">
          <span className={cn('font-semibold', TONE_TEXT[status.tone])}>{intl.formatMessage(STATUS_WORDS[status.tone])}</span>
          <span className="flex items-center gap-1 text-muted-foreground">
            {trend.icon}
            {intl.formatMessage(trend.label)}
          </span>
        </div>
      </div>
      <div
        role="progressbar"
        aria-label={intl.formatMessage({ id: 'health.progress', defaultMessage: 'Relationship health' })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={health.score}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className={cn('h-full rounded-full', TONE_BAR[status.tone])} style={{ width: `${health.score}%` }} />
      </div>
      <p className="text-sm text-muted-foreground">
        <FormattedMessage
          id="health.counts"
          defaultMessage="{messages, plural, one {# message} other {# messages}} · {emotions, plural, one {# emotion tracked} other {# emotions tracked}}"
          values={{ messages: health.message_count, emotions: health.emotions_tracked }}
        />
      </p>
    </>
  )
}

/**
 * A new relationship, before there is enough to judge (decision 127): a calm start with how far it is to a first
 * reading, never a low score and a broken heart after one message.
 */
function HealthStarting({ health }: { health: RelationshipHealth }) {
  const count = Math.min(health.message_count, MIN_MESSAGES_TO_JUDGE)
  const intl = useIntl()
  return (
    <>
      <p className="flex items-center gap-2 text-lg font-semibold">
        <Sprout aria-hidden className="size-6 text-green-700 dark:text-green-400" />
        <FormattedMessage id="health.starting.title" defaultMessage="Just getting started" />
      </p>
      <div
        role="progressbar"
        aria-label={intl.formatMessage({ id: 'health.starting.progress', defaultMessage: 'Messages until a first reading' })}
        aria-valuemin={0}
        aria-valuemax={MIN_MESSAGES_TO_JUDGE}
        aria-valuenow={count}
        aria-valuetext={intl.formatMessage(
          { id: 'health.starting.progressValue', defaultMessage: '{count} of {needed}' },
          { count, needed: MIN_MESSAGES_TO_JUDGE },
        )}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary" style={{ width: `${(count / MIN_MESSAGES_TO_JUDGE) * 100}%` }} />
      </div>
      <p className="text-sm">
        <FormattedMessage
          id="health.starting.body"
          defaultMessage="{count, plural, =0 {No messages yet.} one {# message so far.} other {# messages so far.}} After {needed}, Hearth can tell how you two are doing."
          values={{ count: health.message_count, needed: MIN_MESSAGES_TO_JUDGE }}
        />
      </p>
    </>
  )
}

function HealthBody({ health, contactId, name }: { health: RelationshipHealth; contactId: string; name: string }) {
  const intl = useIntl()
  const meetingDate = (isoDate: string) =>
    intl.formatDate(new Date(`${isoDate}T00:00:00Z`), { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' })
  return (
    <>
      {health.fallback ? <HealthStarting health={health} /> : <HealthVerdict health={health} />}
      <p className="text-xs text-muted-foreground">
        <FormattedMessage
          id="health.explanation"
          defaultMessage="The score weighs how evenly you both reach out, how soon you answer each other, how recent your last exchange is against your usual rhythm, how often you talk now compared with before, how warm your messages feel, likes, and meeting in person."
        />
      </p>

      <HealthSection title={intl.formatMessage({ id: 'health.insights', defaultMessage: 'Key Insights' })} defaultOpen>
        {health.insights.length > 0 && (
          <ul className="flex flex-col gap-3">
            {health.insights.map((insight) => (
              <InsightRow key={insight.title} insight={insight} starting={health.fallback} />
            ))}
          </ul>
        )}
        {health.tips.length > 0 && (
          <div className="flex flex-col gap-1.5">
            <h3 className="text-sm font-medium">
              <FormattedMessage id="health.tips" defaultMessage="Tips" />
            </h3>
            <ul className="flex list-disc flex-col gap-1 ps-5 text-sm">
              {health.tips.map((tip) => (
                <li key={tip}>{tip}</li>
              ))}
            </ul>
          </div>
        )}
        {health.insights.length === 0 && health.tips.length === 0 && (
          <p className="text-sm text-muted-foreground">
            <FormattedMessage
              id="health.insights.empty"
              defaultMessage="Insights appear once you and {name} exchange messages."
              values={{ name }}
            />
          </p>
        )}
      </HealthSection>

      <HealthSection
        title={intl.formatMessage({ id: 'health.meetings', defaultMessage: 'Recent Meetings ({count})' }, { count: health.meetings_count })}
      >
        {health.recent_meetings.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            <FormattedMessage id="health.meetings.empty" defaultMessage="No meetings in person noted yet." />
          </p>
        ) : (
          <ul className="flex flex-col gap-2">
            {health.recent_meetings.map((meeting) => (
              <li key={meeting.id} className="flex flex-col text-sm">
                <span className="font-medium">
                  {meetingDate(meeting.met_on)}
                  {meeting.duration_minutes !== null &&
                    intl.formatMessage(
                      { id: 'health.meetings.duration', defaultMessage: ' · {minutes} min' },
                      { minutes: meeting.duration_minutes },
                    )}
                </span>
                {meeting.note && <span className="text-muted-foreground">{meeting.note}</span>}
              </li>
            ))}
          </ul>
        )}
        <div>
          <WeMetDialog contactId={contactId} name={name} />
        </div>
      </HealthSection>

      <HealthSection title={intl.formatMessage({ id: 'health.tags', defaultMessage: 'Emotions & Topics' })}>
        <TagList
          label={intl.formatMessage({ id: 'health.tags.emotions', defaultMessage: 'Top emotions' })}
          kind="emotion"
          tags={health.top_emotions}
        />
        <TagList
          label={intl.formatMessage({ id: 'health.tags.topics', defaultMessage: 'Top topics' })}
          kind="topic"
          tags={health.top_topics}
        />
      </HealthSection>

      <HealthSection title={intl.formatMessage({ id: 'health.activity', defaultMessage: 'Activity' })}>
        {health.activity.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            <FormattedMessage id="health.activity.empty" defaultMessage="No messages yet." />
          </p>
        ) : (
          <ActivityChart weeks={health.activity} />
        )}
      </HealthSection>
    </>
  )
}

/** The contact detail's Relationship Health card (docs/product/relationship-health.md), with its collapsible sections. */
export function HealthCard({ contactId, name }: { contactId: string; name: string }) {
  const health = useRelationshipHealthQuery(contactId)
  const intl = useIntl()
  return (
    <SectionCard aria-labelledby="health-heading" data-slot="health-card">
      <SectionCardHeader
        id="health-heading"
        icon={<HeartPulse aria-hidden />}
        title={intl.formatMessage({ id: 'health.title', defaultMessage: 'Relationship Health' })}
      />
      {health.isPending && (
        <div className="flex flex-col gap-3" aria-hidden>
          <Skeleton className="h-10 w-32" />
          <Skeleton className="h-2 w-full" />
          <Skeleton className="h-4 w-48" />
        </div>
      )}
      {health.isError && (
        <QueryError
          message={intl.formatMessage({ id: 'health.loadFailed', defaultMessage: 'Failed to load relationship health' })}
          detail={health.error.message}
          retrying={health.isFetching}
          onRetry={() => void health.refetch()}
        />
      )}
      {health.data && <HealthBody health={health.data} contactId={contactId} name={name} />}
    </SectionCard>
  )
}
