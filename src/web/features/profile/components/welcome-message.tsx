import { AudioLines, Quote } from 'lucide-react'
import { useEffect, useMemo, useRef, useState } from 'react'
import type * as React from 'react'
import { HIGHLIGHT_REFRESH_MS } from '#shared/playback.ts'
import type { PublicProfile } from '#shared/public-profile.ts'
import { estimateWordTimings, FALLBACK_LEADING_SILENCE_SECONDS, wordIndexAt } from '#shared/word-timing.ts'
import { SectionCard, SectionCardHeader } from '#web/components/section-card.tsx'
import { HighlightedWords } from '#web/features/messages/components/highlighted-words.tsx'

type WelcomeMessageProps = React.ComponentProps<'section'> &
  Pick<PublicProfile, 'name' | 'welcome_audio_url'> & {
    audioRef?: React.Ref<HTMLAudioElement>
  }

/** The welcome audio: a native player when one is recorded, else a calm note that there is none yet. */
export function WelcomeMessage({ name, welcome_audio_url, audioRef, className, ...props }: WelcomeMessageProps) {
  return (
    <SectionCard data-slot="welcome-message" aria-labelledby="welcome-message-heading" className={className} {...props}>
      <SectionCardHeader id="welcome-message-heading" icon={<AudioLines aria-hidden />} title="Welcome message" />
      {welcome_audio_url ? (
        <audio
          ref={audioRef}
          controls
          preload="metadata"
          src={welcome_audio_url}
          aria-label={`Welcome message from ${name}`}
          className="w-full"
        >
          Your browser can't play this recording.
        </audio>
      ) : (
        <p className="text-sm text-muted-foreground">{name} hasn't recorded a welcome message yet.</p>
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
      <SectionCardHeader id="welcome-transcript-heading" icon={<Quote aria-hidden />} tone="muted" title="Transcript" />
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
 * The welcome audio and, once transcribed, its words following the voice: the audio's position is read every
 * 200 ms while it plays. Used by the public profile and by its owner's settings.
 */
export function WelcomeSection({ profile, fallback }: WelcomeSectionProps) {
  const audio = useRef<HTMLAudioElement>(null)
  const [time, setTime] = useState<number | null>(null)
  const [duration, setDuration] = useState(0)
  const transcript = profile.welcome_transcript?.trim()

  useEffect(() => {
    const element = audio.current
    if (!element) return
    let timer: ReturnType<typeof setInterval> | undefined
    const read = () => setTime(element.currentTime)
    const onPlay = () => {
      clearInterval(timer)
      timer = setInterval(read, HIGHLIGHT_REFRESH_MS)
    }
    const onStop = () => {
      clearInterval(timer)
      read()
    }
    const onEnded = () => {
      clearInterval(timer)
      setTime(null)
    }
    const onMetadata = () => setDuration(Number.isFinite(element.duration) ? element.duration : 0)
    element.addEventListener('play', onPlay)
    element.addEventListener('pause', onStop)
    element.addEventListener('seeked', read)
    element.addEventListener('ended', onEnded)
    element.addEventListener('loadedmetadata', onMetadata)
    return () => {
      clearInterval(timer)
      element.removeEventListener('play', onPlay)
      element.removeEventListener('pause', onStop)
      element.removeEventListener('seeked', read)
      element.removeEventListener('ended', onEnded)
      element.removeEventListener('loadedmetadata', onMetadata)
    }
  }, [profile.welcome_audio_url])

  return (
    <>
      <WelcomeMessage name={profile.name} welcome_audio_url={profile.welcome_audio_url} audioRef={audio} />
      {transcript ? (
        <WelcomeTranscript transcript={transcript} words={profile.welcome_word_timestamps} time={time} durationSeconds={duration} />
      ) : (
        fallback
      )}
    </>
  )
}
