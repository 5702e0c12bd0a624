import { ChevronDown, Quote } from 'lucide-react'
import { useMemo, useState } from 'react'
import type * as React from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import type { Message } from '#shared/messages.ts'
import { transcriptWords } from '#shared/playback.ts'
import { isBasicSpeechEngine } from '#shared/speech.ts'
import { isLowConfidenceWord } from '#shared/transcript-confidence.ts'
import { wordIndexAt } from '#shared/word-timing.ts'
import { IconBadge } from '#web/components/icon-badge.tsx'
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '#web/components/ui/collapsible.tsx'
import { HighlightedWords } from '#web/resources/messages/components/highlighted-words.tsx'
import { RetranscribeButton } from '#web/resources/messages/components/retranscribe-button.tsx'
import { RetryTranscriptionButton } from '#web/resources/messages/components/retry-transcription-button.tsx'
import { TranscriptTranslation } from '#web/resources/messages/components/transcript-translation.tsx'
import { messageText } from '#web/resources/messages/message-text.ts'
import { usePlayhead } from '#web/lib/audio-player/use-audio-player.ts'
import { cn } from '#web/lib/utils.ts'

type PlaybackTranscriptProps = React.ComponentProps<'section'> & {
  message: Message
  /** this message is the player's current track (otherwise nothing is highlighted) */
  isCurrent: boolean
  /** seconds the player knows (0 until the metadata; the server's measure is used then) */
  duration: number
}

/**
 * A collapsible 'Transcript' card: highlighted words while the message plays (unsure ones faint, with a line saying
 * so), or the transcription's status; a line saying so when the basic offline engine made it; 'Transcribe again' when
 * a stronger engine runs now.
 */
export function PlaybackTranscript({ message, isCurrent, duration, className, ...props }: PlaybackTranscriptProps) {
  const [open, setOpen] = useState(true)
  const length = duration > 0 ? duration : message.duration_seconds
  const words = useMemo(() => transcriptWords(message, length), [message, length])
  const playhead = usePlayhead()
  const current = isCurrent ? wordIndexAt(words, playhead) : -1
  const intl = useIntl()
  const { text, isStatus } = messageText(message, intl)

  return (
    <Collapsible open={open} onOpenChange={setOpen} asChild>
      <section
        data-slot="playback-transcript"
        aria-labelledby="transcript-heading"
        className={cn('rounded-2xl border bg-card shadow-sm', className)}
        {...props}
      >
        <h2 id="transcript-heading" className="m-0">
          <CollapsibleTrigger className="group flex w-full cursor-pointer items-center gap-3 rounded-2xl px-5 py-4 text-start outline-none focus-visible:ring-[3px] focus-visible:ring-ring">
            <IconBadge tone="muted" size="sm">
              <Quote aria-hidden />
            </IconBadge>
            <span className="flex-1 font-semibold">
              <FormattedMessage id="playback.transcript" defaultMessage="Transcript" />
            </span>
            <ChevronDown aria-hidden className="size-5 text-muted-foreground transition-transform group-data-[state=open]:rotate-180" />
          </CollapsibleTrigger>
        </h2>
        <CollapsibleContent className="px-5 pb-5">
          {words.length > 0 ? (
            <div className="flex flex-col items-start gap-3">
              <HighlightedWords words={words} current={current} />
              <TranscriptTranslation message={message} />
              {words.some(isLowConfidenceWord) && (
                <p className="text-xs text-muted-foreground">
                  <FormattedMessage
                    id="playback.transcript.faintWords"
                    defaultMessage="Faint words are ones the speech engine was unsure of."
                  />
                </p>
              )}
              {/* said plainly, so that rough words are not taken for what was said (decision 210) */}
              {isBasicSpeechEngine(message.transcript_engine) && (
                <p data-slot="basic-engine-note" className="text-xs text-muted-foreground">
                  <FormattedMessage
                    id="playback.transcript.basicEngine"
                    defaultMessage="Transcripts come from a basic offline engine and may be rough."
                  />
                </p>
              )}
              <RetranscribeButton message={message} />
            </div>
          ) : (
            <div className="flex flex-col items-start gap-3">
              <p className={cn('leading-relaxed', isStatus ? 'text-muted-foreground italic' : '')}>{text}</p>
              {message.processing_status === 'failed' && <RetryTranscriptionButton message={message} />}
            </div>
          )}
        </CollapsibleContent>
      </section>
    </Collapsible>
  )
}
