import { Lightbulb, Sparkles } from 'lucide-react'
import type * as React from 'react'
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl'
import type { Message } from '#shared/messages.ts'
import { playbackTipsOf, type PlaybackTipKind } from '#shared/playback-tips.ts'
import { formatTimeAgo } from '#web/i18n/relative-time.ts'
import { useAnalysisLabel } from '#web/resources/messages/analysis-labels.ts'
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

/** The tips of `playbackTipsOf` in the reader's language; `{emotion}` and `{topic}` are analysis labels, translated too. */
const TIPS: Record<PlaybackTipKind, MessageDescriptor> = defineMessages({
  receivedTender: {
    id: 'playback.tip.receivedTender',
    defaultMessage: 'They sound {emotion}. Start your reply by saying you heard that, before anything else.',
  },
  receivedWarm: { id: 'playback.tip.receivedWarm', defaultMessage: 'They sound {emotion}. Tell them one thing you value about them.' },
  receivedBright: {
    id: 'playback.tip.receivedBright',
    defaultMessage: 'They sound {emotion}. Tell them which part you enjoyed hearing most.',
  },
  receivedCalm: { id: 'playback.tip.receivedCalm', defaultMessage: 'They sound calm. An unhurried reply, in your own time, fits well.' },
  receivedOther: { id: 'playback.tip.receivedOther', defaultMessage: 'They sound {emotion}. Ask how they feel about it now.' },
  sentTender: {
    id: 'playback.tip.sentTender',
    defaultMessage: 'You sounded {emotion}. It is fine to say so plainly; give them time to answer.',
  },
  sentWarm: { id: 'playback.tip.sentWarm', defaultMessage: 'You sounded {emotion}. Listen for what they pick up on when they reply.' },
  sentOther: { id: 'playback.tip.sentOther', defaultMessage: 'You sounded {emotion}. Notice whether their reply matches that mood.' },
  receivedTopic: {
    id: 'playback.tip.receivedTopic',
    defaultMessage: 'They brought up {topic}. Ask one open question about it in your reply.',
  },
  sentTopic: {
    id: 'playback.tip.sentTopic',
    defaultMessage: 'You brought up {topic}. When they answer, listen for what they say about it.',
  },
  receivedHeavy: {
    id: 'playback.tip.receivedHeavy',
    defaultMessage: 'The message leans heavy. A short, gentle reply today helps more than a perfect one later.',
  },
  receivedBrightMood: { id: 'playback.tip.receivedBrightMood', defaultMessage: 'The message leans bright. Reply while the mood is fresh.' },
  sentBrightMood: { id: 'playback.tip.sentBrightMood', defaultMessage: 'The message leans bright. Good moments are worth sharing often.' },
  receivedListen: { id: 'playback.tip.receivedListen', defaultMessage: 'Listen all the way through before you reply.' },
  receivedPickOne: { id: 'playback.tip.receivedPickOne', defaultMessage: 'Pick one thing they said and answer that first.' },
  sentGiveTime: { id: 'playback.tip.sentGiveTime', defaultMessage: 'Give them time to listen and reply.' },
  sentFollowUp: { id: 'playback.tip.sentFollowUp', defaultMessage: 'A short follow-up later keeps the conversation warm.' },
})

function Chips({ label, items, variant }: { label: string; items: string[]; variant: 'emotion' | 'topic' }) {
  const name = useAnalysisLabel()
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
              {variant === 'topic' ? `#${name('topic', item)}` : name('emotion', item)}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">
          <FormattedMessage id="playback.insights.none" defaultMessage="None found yet" />
        </p>
      )}
    </div>
  )
}

/**
 * 'AI Insights': how old the message is, up to 3 emotions and 3 topics from the analysis, and 2 tips written from
 * them (`playbackTips`). A transcript too unsure to carry them shows one sentence instead (decision 92).
 */
export function InsightsCard({ message, received, tips: showTips = true, className, ...props }: InsightsCardProps) {
  const intl = useIntl()
  const name = useAnalysisLabel()
  const tips = playbackTipsOf({ emotions: message.emotions, topics: message.topics, sentiment: message.sentiment, received }).map((tip) =>
    intl.formatMessage(TIPS[tip.kind], {
      emotion: tip.emotion && name('emotion', tip.emotion),
      topic: tip.topic && name('topic', tip.topic),
    }),
  )
  const analysing = message.processing_status === 'pending' || message.processing_status === 'processing'
  const heldBack = insightsHeldBack(message)
  return (
    <SectionCard data-slot="insights-card" aria-labelledby="insights-heading" className={cn('gap-4', className)} {...props}>
      <SectionCardHeader
        id="insights-heading"
        icon={<Sparkles aria-hidden />}
        title={intl.formatMessage({ id: 'playback.insights.title', defaultMessage: 'AI Insights' })}
        description={
          <FormattedMessage
            id="playback.insights.when"
            defaultMessage="{received, select, true {Received {when}} other {Sent {when}}}"
            values={{
              received: received ? 'true' : 'false',
              when: <time dateTime={message.created_at}>{formatTimeAgo(intl, message.created_at)}</time>,
            }}
          />
        }
      />
      {heldBack ? (
        <p className="text-sm text-muted-foreground italic">
          <FormattedMessage id="playback.insights.notEnoughClearWords" defaultMessage="Not enough clear words to read the mood" />
        </p>
      ) : analysing && message.emotions.length === 0 && message.topics.length === 0 ? (
        <p className="text-sm text-muted-foreground italic">
          <FormattedMessage id="playback.insights.waiting" defaultMessage="Emotions and topics appear once the message is transcribed." />
        </p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <Chips
            label={intl.formatMessage({ id: 'messages.tags.emotions', defaultMessage: 'Emotions' })}
            items={message.emotions.slice(0, INSIGHT_EMOTIONS)}
            variant="emotion"
          />
          <Chips
            label={intl.formatMessage({ id: 'messages.tags.topics', defaultMessage: 'Topics' })}
            items={message.topics.slice(0, INSIGHT_TOPICS)}
            variant="topic"
          />
        </div>
      )}
      {!heldBack && showTips && (
        <div className="flex flex-col gap-2">
          <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            <FormattedMessage id="playback.insights.tips" defaultMessage="Tips" />
          </h3>
          <ul aria-label={intl.formatMessage({ id: 'playback.insights.tips', defaultMessage: 'Tips' })} className="flex flex-col gap-2">
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
