import type * as React from 'react'
import { useIntl } from 'react-intl'
import type { Message } from '#shared/messages.ts'
import { cn } from '#web/lib/utils.ts'
import { MAX_EMOTIONS, MAX_TOPICS } from '../message-text.ts'
import { useAnalysisLabel } from '../analysis-labels.ts'

type MessageTagsProps = React.ComponentProps<'div'> & {
  message: Pick<Message, 'emotions' | 'topics'>
  maxEmotions?: number
  maxTopics?: number
  /** 'sm': the small chips of a conversation bubble */
  size?: 'default' | 'sm'
}

/**
 * Emotion and topic chips (up to 3 and 5 by default). Renders nothing until the analysis has found some; a transcript
 * too unsure to carry them says so once, on the playback screen, not under every bubble (decision 127).
 */
export function MessageTags({
  message,
  maxEmotions = MAX_EMOTIONS,
  maxTopics = MAX_TOPICS,
  size = 'default',
  className,
  ...props
}: MessageTagsProps) {
  const intl = useIntl()
  const label = useAnalysisLabel()
  const emotions = message.emotions.slice(0, maxEmotions)
  const topics = message.topics.slice(0, maxTopics)
  if (emotions.length === 0 && topics.length === 0) return null
  const chip = size === 'sm' ? 'px-1.5 py-px text-[0.7rem] leading-4' : 'px-2.5 py-0.5 text-xs'
  return (
    <div data-slot="message-tags" className={cn('flex flex-wrap', size === 'sm' ? 'gap-1' : 'gap-1.5', className)} {...props}>
      {emotions.length > 0 && (
        <ul aria-label={intl.formatMessage({ id: 'messages.tags.emotions', defaultMessage: 'Emotions' })} className="contents">
          {emotions.map((emotion) => (
            <li key={`e-${emotion}`} className={cn('rounded-full bg-accent font-medium text-accent-foreground', chip)}>
              {label('emotion', emotion)}
            </li>
          ))}
        </ul>
      )}
      {topics.length > 0 && (
        <ul aria-label={intl.formatMessage({ id: 'messages.tags.topics', defaultMessage: 'Topics' })} className="contents">
          {topics.map((topic) => (
            <li key={`t-${topic}`} className={cn('rounded-full border font-medium text-muted-foreground', chip)}>
              #{label('topic', topic)}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
