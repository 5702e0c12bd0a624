import { AudioLines, Quote } from 'lucide-react'
import type * as React from 'react'
import type { PublicProfile } from '#shared/public-profile.ts'
import { cn } from '#web/lib/utils.ts'

type WelcomeMessageProps = React.ComponentProps<'section'> & Pick<PublicProfile, 'name' | 'welcome_audio_url'>

/** The welcome audio: a native player when one is recorded, else a calm note that there is none yet. */
export function WelcomeMessage({ name, welcome_audio_url, className, ...props }: WelcomeMessageProps) {
  return (
    <section
      data-slot="welcome-message"
      aria-labelledby="welcome-message-heading"
      className={cn('flex flex-col gap-3 rounded-2xl border bg-card p-5 shadow-sm', className)}
      {...props}
    >
      <div className="flex items-center gap-3">
        <span className="grid size-9 place-items-center rounded-full bg-accent text-accent-foreground">
          <AudioLines aria-hidden className="size-4" />
        </span>
        <h2 id="welcome-message-heading" className="font-semibold">
          Welcome message
        </h2>
      </div>
      {welcome_audio_url ? (
        <audio controls preload="metadata" src={welcome_audio_url} aria-label={`Welcome message from ${name}`} className="w-full">
          Your browser can't play this recording.
        </audio>
      ) : (
        <p className="text-sm text-muted-foreground">{name} hasn't recorded a welcome message yet.</p>
      )}
    </section>
  )
}

type TranscriptProps = React.ComponentProps<'section'> & { transcript: string }

/** The words of the welcome message. */
export function WelcomeTranscript({ transcript, className, ...props }: TranscriptProps) {
  return (
    <section
      data-slot="welcome-transcript"
      aria-labelledby="welcome-transcript-heading"
      className={cn('flex flex-col gap-3 rounded-2xl border bg-card p-5 shadow-sm', className)}
      {...props}
    >
      <div className="flex items-center gap-3">
        <span className="grid size-9 place-items-center rounded-full bg-muted text-muted-foreground">
          <Quote aria-hidden className="size-4" />
        </span>
        <h2 id="welcome-transcript-heading" className="font-semibold">
          Transcript
        </h2>
      </div>
      <p className="leading-relaxed whitespace-pre-line text-pretty">{transcript}</p>
    </section>
  )
}
