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
import {
  healthHeart,
  healthStatus,
  HEALTH_TEXTS,
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
const TREND: Record<HealthTrend, { label: string; icon: React.ReactNode }> = {
  improving: { label: 'Improving', icon: <TrendingUp aria-hidden className="size-4" /> },
  stable: { label: 'Stable', icon: <Minus aria-hidden className="size-4" /> },
  declining: { label: 'Declining', icon: <TrendingDown aria-hidden className="size-4" /> },
}

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
  return (
    <li className="flex items-start gap-3">
      <span className="mt-0.5 flex size-5 shrink-0 text-primary">{INSIGHT_ICONS[insight.emoji]}</span>
      <div className="flex min-w-0 flex-1 flex-col">
        <p className="flex items-center justify-between gap-2 font-medium">
          <span>{insight.title}</span>
          {!starting && (
            <span className="flex items-center gap-1 text-sm tabular-nums">
              {insight.value}%{trend === 'rising' && <TrendingUp aria-label="rising" className="size-4" />}
              {trend === 'falling' && <TrendingDown aria-label="falling" className="size-4" />}
            </span>
          )}
        </p>
        <p className="text-sm text-muted-foreground">{insight.description}</p>
      </div>
    </li>
  )
}

function TagList({ label, tags }: { label: string; tags: TagCount[] }) {
  return (
    <div className="flex flex-col gap-1.5">
      <h3 className="text-sm font-medium">{label}</h3>
      {tags.length === 0 ? (
        <p className="text-sm text-muted-foreground">None found yet.</p>
      ) : (
        <ul className="flex flex-wrap gap-1.5" aria-label={label}>
          {tags.map((tag) => (
            <li key={tag.name} className="rounded-full bg-secondary px-2.5 py-0.5 text-sm text-secondary-foreground">
              {tag.name} <span className="tabular-nums">({tag.count})</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

const meetingDate = (isoDate: string) =>
  new Date(`${isoDate}T00:00:00Z`).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' })

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
  return (
    <>
      <div className="flex items-center justify-between gap-3">
        <p className="flex items-center gap-2">
          <ScoreHeart score={health.score} />
          <span className="text-4xl font-semibold tabular-nums">{health.score}%</span>
        </p>
        <div className="flex flex-col items-end gap-0.5 text-sm">
          <span className={cn('font-semibold', TONE_TEXT[status.tone])}>{status.word}</span>
          <span className="flex items-center gap-1 text-muted-foreground">
            {trend.icon}
            {trend.label}
          </span>
        </div>
      </div>
      <div
        role="progressbar"
        aria-label="Relationship health"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={health.score}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className={cn('h-full rounded-full', TONE_BAR[status.tone])} style={{ width: `${health.score}%` }} />
      </div>
      <p className="text-sm text-muted-foreground">
        {health.message_count} message{health.message_count === 1 ? '' : 's'} · {health.emotions_tracked} emotion
        {health.emotions_tracked === 1 ? '' : 's'} tracked
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
  return (
    <>
      <p className="flex items-center gap-2 text-lg font-semibold">
        <Sprout aria-hidden className="size-6 text-green-700 dark:text-green-400" />
        {HEALTH_TEXTS.startingTitle}
      </p>
      <div
        role="progressbar"
        aria-label={HEALTH_TEXTS.startingProgress}
        aria-valuemin={0}
        aria-valuemax={MIN_MESSAGES_TO_JUDGE}
        aria-valuenow={count}
        aria-valuetext={`${count} of ${MIN_MESSAGES_TO_JUDGE}`}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary" style={{ width: `${(count / MIN_MESSAGES_TO_JUDGE) * 100}%` }} />
      </div>
      <p className="text-sm">{HEALTH_TEXTS.fallback(health.message_count, MIN_MESSAGES_TO_JUDGE)}</p>
    </>
  )
}

function HealthBody({ health, contactId, name }: { health: RelationshipHealth; contactId: string; name: string }) {
  return (
    <>
      {health.fallback ? <HealthStarting health={health} /> : <HealthVerdict health={health} />}
      <p className="text-xs text-muted-foreground">{HEALTH_TEXTS.explanation}</p>

      <HealthSection title="Key Insights" defaultOpen>
        {health.insights.length > 0 && (
          <ul className="flex flex-col gap-3">
            {health.insights.map((insight) => (
              <InsightRow key={insight.title} insight={insight} starting={health.fallback} />
            ))}
          </ul>
        )}
        {health.tips.length > 0 && (
          <div className="flex flex-col gap-1.5">
            <h3 className="text-sm font-medium">Tips</h3>
            <ul className="flex list-disc flex-col gap-1 ps-5 text-sm">
              {health.tips.map((tip) => (
                <li key={tip}>{tip}</li>
              ))}
            </ul>
          </div>
        )}
        {health.insights.length === 0 && health.tips.length === 0 && (
          <p className="text-sm text-muted-foreground">Insights appear once you and {name} exchange messages.</p>
        )}
      </HealthSection>

      <HealthSection title={`Recent Meetings (${health.meetings_count})`}>
        {health.recent_meetings.length === 0 ? (
          <p className="text-sm text-muted-foreground">No meetings in person noted yet.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {health.recent_meetings.map((meeting) => (
              <li key={meeting.id} className="flex flex-col text-sm">
                <span className="font-medium">
                  {meetingDate(meeting.met_on)}
                  {meeting.duration_minutes !== null && ` · ${meeting.duration_minutes} min`}
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

      <HealthSection title="Emotions & Topics">
        <TagList label="Top emotions" tags={health.top_emotions} />
        <TagList label="Top topics" tags={health.top_topics} />
      </HealthSection>

      <HealthSection title="Activity">
        {health.activity.length === 0 ? (
          <p className="text-sm text-muted-foreground">No messages yet.</p>
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
  return (
    <SectionCard aria-labelledby="health-heading" data-slot="health-card">
      <SectionCardHeader id="health-heading" icon={<HeartPulse aria-hidden />} title="Relationship Health" />
      {health.isPending && (
        <div className="flex flex-col gap-3" aria-hidden>
          <Skeleton className="h-10 w-32" />
          <Skeleton className="h-2 w-full" />
          <Skeleton className="h-4 w-48" />
        </div>
      )}
      {health.isError && (
        <QueryError
          message={HEALTH_TEXTS.loadFailed}
          detail={health.error.message}
          retrying={health.isFetching}
          onRetry={() => void health.refetch()}
        />
      )}
      {health.data && <HealthBody health={health.data} contactId={contactId} name={name} />}
    </SectionCard>
  )
}
