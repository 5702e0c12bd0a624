import { FormattedMessage, useIntl } from 'react-intl'
import { AudioLines, Quote } from 'lucide-react'
import { useMemo } from 'react'
import type * as React from 'react'
import type { PublicProfile } from '#shared/public-profile.ts'
import { estimateWordTimings, FALLBACK_LEADING_SILENCE_SECONDS, wordIndexAt } from '#shared/word-timing.ts'
import { SectionCard, SectionCardHeader } from '#web/components/section-card.tsx'
import { HighlightedWords } from '#web/resources/messages/components/highlighted-words.tsx'
import { TrackPlayer } from '#web/resources/messages/components/voice-player.tsx'
import { usePlayhead, useTrackStatus } from '#web/lib/audio-player/use-audio-player.ts'

type WelcomeMessageProps = React.ComponentProps<'section'> & Pick<PublicProfile, 'name' | 'welcome_audio_url'>

/** The track of someone's welcome message on the shared player (its id is its address: one recording, one track). */
export function welcomeTrackId(url: string): string {
  return `welcome:${url}`
}

/** The welcome audio on Hearth's player when one is recorded, else a calm note that there is none yet. */
export function WelcomeMessage({ name, welcome_audio_url, className, ...props }: WelcomeMessageProps) {
  const intl = useIntl()
  return (
    <SectionCard data-slot="welcome-message" aria-labelledby="welcome-message-heading" className={className} {...props}>
      <SectionCardHeader
        id="welcome-message-heading"
        icon={<AudioLines aria-hidden />}
        title={<FormattedMessage id="welcome.title" defaultMessage="Welcome message" />}
      />
      {welcome_audio_url ? (
        <TrackPlayer
          trackId={welcomeTrackId(welcome_audio_url)}
          track={() => ({
            id: welcomeTrackId(welcome_audio_url),
            url: welcome_audio_url,
            title: intl.formatMessage({ id: 'welcome.track.title', defaultMessage: 'Welcome message from {name}' }, { name }),
            speaker: { name },
          })}
          subject={intl.formatMessage({ id: 'welcome.track.subject', defaultMessage: 'welcome message from {name}' }, { name })}
          url={welcome_audio_url}
        />
      ) : (
        <p className="text-sm text-muted-foreground">
          <FormattedMessage id="welcome.none" defaultMessage="{name} hasn't recorded a welcome message yet." values={{ name }} />
        </p>
      )}
    </SectionCard>
  )
}

type TranscriptProps = React.ComponentProps<'section'> & {
  transcript: string
  /** words with times; the spoken one is highlighted while the audio plays */
  words?: PublicProfile['welcome_word_timestamps']
  /** seconds into the welcome audio, or null while it has not played */
  time?: number | null
  durationSeconds?: number
}

/** The words of the welcome message, the spoken one highlighted as the audio plays. */
export function WelcomeTranscript({ transcript, words, time = null, durationSeconds = 0, className, ...props }: TranscriptProps) {
  // without times from the engine: the spec's estimate over the recording's length
  const timed = useMemo(
    () =>
      words && words.length > 0
        ? words
        : durationSeconds > 0
          ? estimateWordTimings(transcript, durationSeconds, FALLBACK_LEADING_SILENCE_SECONDS)
          : [],
    [words, transcript, durationSeconds],
  )
  return (
    <SectionCard data-slot="welcome-transcript" aria-labelledby="welcome-transcript-heading" className={className} {...props}>
      <SectionCardHeader
        id="welcome-transcript-heading"
        icon={<Quote aria-hidden />}
        tone="muted"
        title={<FormattedMessage id="welcome.transcript.title" defaultMessage="Transcript" />}
      />
      {timed.length > 0 ? (
        <HighlightedWords words={timed} current={time === null ? -1 : wordIndexAt(timed, time)} className="text-base" />
      ) : (
        <p className="leading-relaxed text-pretty whitespace-pre-line">{transcript}</p>
      )}
    </SectionCard>
  )
}

type WelcomeSectionProps = {
  profile: Pick<PublicProfile, 'name' | 'welcome_audio_url' | 'welcome_transcript' | 'welcome_word_timestamps'>
  /** shown instead of the transcript while there is none (the owner's settings show why) */
  fallback?: React.ReactNode
}

/**
 * The welcome audio and, once transcribed, its words following the voice while it plays on the shared player. Used by
 * the public profile, the contact's profile and its owner's settings.
 */
export function WelcomeSection({ profile, fallback }: WelcomeSectionProps) {
  const transcript = profile.welcome_transcript?.trim()
  return (
    <>
      <WelcomeMessage name={profile.name} welcome_audio_url={profile.welcome_audio_url} />
      {transcript ? (
        profile.welcome_audio_url ? (
          <FollowingTranscript
            transcript={transcript}
            words={profile.welcome_word_timestamps}
            trackId={welcomeTrackId(profile.welcome_audio_url)}
          />
        ) : (
          <WelcomeTranscript transcript={transcript} words={profile.welcome_word_timestamps} />
        )
      ) : (
        fallback
      )}
    </>
  )
}

/** The transcript, its spoken word highlighted while the welcome track is the shared player's. */
function FollowingTranscript({ transcript, words, trackId }: { transcript: string; words: TranscriptProps['words']; trackId: string }) {
  const { current, duration } = useTrackStatus(trackId)
  if (!current) return <WelcomeTranscript transcript={transcript} words={words} />
  return <PlayingTranscript transcript={transcript} words={words} duration={duration} />
}

function PlayingTranscript({ transcript, words, duration }: { transcript: string; words: TranscriptProps['words']; duration: number }) {
  const playhead = usePlayhead()
  return (
    <WelcomeTranscript transcript={transcript} words={words} time={playhead} durationSeconds={Number.isFinite(duration) ? duration : 0} />
  )
}
