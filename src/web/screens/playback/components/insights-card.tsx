import { Lightbulb, Sparkles } from 'lucide-react'
import type * as React from 'react'
import type { Message } from '#shared/messages.ts'
import { playbackTips } from '#shared/playback-tips.ts'
import { relativeTime } from '#shared/relative-time.ts'
import { CONFIDENCE_TEXTS } from '#shared/transcript-confidence.ts'
import { SectionCard, SectionCardHeader } from '#web/components/section-card.tsx'
import { insightsHeldBack } from '#web/resources/messages/message-text.ts'
import { cn } from '#web/lib/utils.ts'

/** Insights show 3 emotions, 3 topics and 2 tips (docs/product/playback.md). */
export const INSIGHT_EMOTIONS = 3
export const INSIGHT_TOPICS = 3

type InsightsCardProps = React.ComponentProps<'section'> & {
  message: Message
  /** the listener received it (tips about replying) rather than sent it */
  received: boolean
  /** false when the other person left Hearth (decision 202): tips about answering them would ring hollow */
  tips?: boolean
}

function Chips({ label, items, variant }: { label: string; items: string[]; variant: 'emotion' | 'topic' }) {
  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{label}</h3>
      {items.length > 0 ? (
        <ul aria-label={label} className="flex flex-wrap gap-1.5">
          {items.map((item) => (
            <li
              key={item}
              className={cn(
                'rounded-full px-2.5 py-0.5 text-sm font-medium',
                variant === 'emotion' ? 'bg-accent text-accent-foreground' : 'border text-muted-foreground',
              )}
            >
              {variant === 'topic' ? `#${item}` : item}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">None found yet</p>
      )}
    </div>
  )
}

/**
 * 'AI Insights': how old the message is, up to 3 emotions and 3 topics from the analysis, and 2 tips written from
 * them (`playbackTips`). A transcript too unsure to carry them shows one sentence instead (decision 92).
 */
export function InsightsCard({ message, received, tips: showTips = true, className, ...props }: InsightsCardProps) {
  const tips = playbackTips({ emotions: message.emotions, topics: message.topics, sentiment: message.sentiment, received })
  const analysing = message.processing_status === 'pending' || message.processing_status === 'processing'
  const heldBack = insightsHeldBack(message)
  return (
    <SectionCard data-slot="insights-card" aria-labelledby="insights-heading" className={cn('gap-4', className)} {...props}>
      <SectionCardHeader
        id="insights-heading"
        icon={<Sparkles aria-hidden />}
        title="AI Insights"
        description={
          <>
            {received ? 'Received' : 'Sent'} <time dateTime={message.created_at}>{relativeTime(message.created_at)}</time>
          </>
        }
      />
      {heldBack ? (
        <p className="text-sm text-muted-foreground italic">{CONFIDENCE_TEXTS.notEnoughClearWords}</p>
      ) : analysing && message.emotions.length === 0 && message.topics.length === 0 ? (
        <p className="text-sm text-muted-foreground italic">Emotions and topics appear once the message is transcribed.</p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <Chips label="Emotions" items={message.emotions.slice(0, INSIGHT_EMOTIONS)} variant="emotion" />
          <Chips label="Topics" items={message.topics.slice(0, INSIGHT_TOPICS)} variant="topic" />
        </div>
      )}
      {!heldBack && showTips && (
        <div className="flex flex-col gap-2">
          <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Tips</h3>
          <ul aria-label="Tips" className="flex flex-col gap-2">
            {tips.map((tip) => (
              <li key={tip} className="flex items-start gap-2.5 rounded-xl bg-muted/60 px-3 py-2.5 text-sm leading-snug">
                <Lightbulb aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
                <span>{tip}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </SectionCard>
  )
}
