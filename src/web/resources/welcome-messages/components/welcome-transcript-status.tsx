import { FormattedMessage } from 'react-intl'
import { Quote } from 'lucide-react'
import type * as React from 'react'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { cn } from '#web/lib/utils.ts'
import { useWelcomeTranscriptQuery, welcomeTranscriptInFlight } from '#web/resources/profiles/queries.ts'

/**
 * The words of your own welcome message as the server finds them: 'Processing transcription...' while it
 * works (the profile is re-fetched meanwhile), 'Transcription not available' when it failed or heard nothing.
 */
export function WelcomeTranscriptStatus({ className, ...props }: React.ComponentProps<'div'>) {
  const profile = useWelcomeTranscriptQuery()
  const data = profile.data
  if (!data?.welcome_audio_url) return null
  const transcript = data.welcome_transcript?.trim()
  return (
    <div data-slot="welcome-transcript-status" aria-live="polite" className={cn('flex items-start gap-2 text-sm', className)} {...props}>
      {welcomeTranscriptInFlight(data) ? (
        <>
          <Spinner className="mt-0.5 size-4 text-muted-foreground" />
          <p className="text-muted-foreground italic">
            <FormattedMessage id="welcome.transcript.processing" defaultMessage="Processing transcription..." />
          </p>
        </>
      ) : transcript ? (
        <>
          <Quote aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          <p className="leading-relaxed">{transcript}</p>
        </>
      ) : (
        <p className="text-muted-foreground italic">
          <FormattedMessage id="welcome.transcript.unavailable" defaultMessage="Transcription not available" />
        </p>
      )}
    </div>
  )
}
