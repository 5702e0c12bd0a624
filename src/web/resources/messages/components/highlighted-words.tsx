import { memo } from 'react'
import type * as React from 'react'
import { isLowConfidenceWord } from '#shared/transcript-confidence.ts'
import type { WordTiming } from '#shared/word-timing.ts'
import { cn } from '#web/lib/utils.ts'

type HighlightedWordsProps = React.ComponentProps<'p'> & {
  words: WordTiming[]
  /** index of the word being spoken (-1 before the first) */
  current: number
}

/**
 * The transcript as words: the spoken one highlighted (and marked aria-current), earlier ones dimmed, later ones
 * plain (docs/product/playback.md). Words the engine was unsure of (`isLowConfidenceWord`) are faint, with a
 * dotted underline so they differ from spoken ones too (decision 92).
 */
export const HighlightedWords = memo(function HighlightedWords({ words, current, className, ...props }: HighlightedWordsProps) {
  return (
    // the words go the way their own language writes, whatever the screen's
    <p data-slot="highlighted-words" dir="auto" className={cn('text-lg leading-relaxed text-pretty', className)} {...props}>
      {words.map((word, index) => (
        <span key={index}>
          <span
            data-slot="transcript-word"
            data-state={index < current ? 'spoken' : index === current ? 'current' : 'upcoming'}
            data-confidence={isLowConfidenceWord(word) ? 'low' : undefined}
            aria-current={index === current ? 'true' : undefined}
            className={cn(
              'rounded-md [box-decoration-break:clone] px-0.5 py-px transition-colors duration-150',
              isLowConfidenceWord(word) && 'text-muted-foreground underline decoration-dotted underline-offset-4',
              index < current && 'text-muted-foreground',
              index === current && 'bg-primary/15 text-foreground ring-1 ring-primary/25 dark:bg-primary/25',
            )}
          >
            {word.word}
          </span>{' '}
        </span>
      ))}
    </p>
  )
})
