import { Mic, RotateCcw, Square } from 'lucide-react'
import { toast } from 'sonner'
import { Button } from '#web/components/ui/button.tsx'
import { MicrophoneDeniedCard, NoMicrophoneCard } from '#web/features/audio/components/microphone-help.tsx'
import { formatDuration } from '#web/lib/duration.ts'
import type { useRecorder } from '#web/lib/recorder/use-recorder.ts'

/**
 * The personal message of an invitation, made with the app's recorder: record, stop, listen back, re-record.
 * The parent owns the recorder (it uploads the recording when the invitation is sent).
 */
export function InviteRecorder({ recorder, disabled }: { recorder: ReturnType<typeof useRecorder>; disabled?: boolean }) {
  if (recorder.permission === 'denied') return <MicrophoneDeniedCard onRefresh={() => window.location.reload()} />
  if (recorder.microphoneMissing) return <NoMicrophoneCard onRetry={() => void recorder.start()} />

  if (recorder.status === 'recording') {
    return (
      <div className="flex flex-col items-center gap-3 rounded-2xl border bg-card p-5">
        <p role="timer" aria-live="off" className="text-3xl font-semibold tabular-nums">
          {formatDuration(recorder.elapsedSeconds)}
        </p>
        <Button size="lg" variant="destructive" className="w-full" onClick={recorder.stop}>
          <Square aria-hidden />
          Recording... Tap to stop
        </Button>
      </div>
    )
  }
  if (recorder.status === 'recorded' && recorder.recording) {
    return (
      <div className="flex flex-col gap-3 rounded-2xl border bg-card p-5">
        <audio controls src={recorder.recording.url} aria-label="Your personal message" className="w-full" />
        <Button variant="outline" onClick={() => void recorder.reRecord()} disabled={disabled}>
          <RotateCcw aria-hidden />
          Re-record
        </Button>
      </div>
    )
  }
  return (
    <Button size="lg" className="w-full" onClick={() => void recorder.start()} disabled={recorder.status === 'starting' || disabled}>
      <Mic aria-hidden />
      Record your message
    </Button>
  )
}

export const onRecorderError = (error: string) => {
  if (error !== 'denied' && error !== 'no-microphone') toast.error('Recording Error', { description: 'Could not start recording' })
}
