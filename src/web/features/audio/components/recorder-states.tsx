import { Square } from 'lucide-react'
import { toast } from 'sonner'
import { Button } from '#web/components/ui/button.tsx'
import { MicrophoneDeniedCard, NoMicrophoneCard } from '#web/features/audio/components/microphone-help.tsx'
import { formatDuration } from '#web/lib/duration.ts'
import type { useRecorder } from '#web/lib/recorder/use-recorder.ts'

type Recorder = ReturnType<typeof useRecorder>

/** The recorder's `onError` for the short recorders: the microphone problems have their own cards, the rest a toast. */
export function toastRecorderError(error: string) {
  if (error !== 'denied' && error !== 'no-microphone') toast.error('Recording Error', { description: 'Could not start recording' })
}

/** The card for a blocked or missing microphone, or null when the microphone is usable. */
export function MicrophoneProblem({ recorder }: { recorder: Recorder }) {
  if (recorder.permission === 'denied') return <MicrophoneDeniedCard onRefresh={() => window.location.reload()} />
  if (recorder.microphoneMissing) return <NoMicrophoneCard onRetry={() => void recorder.start()} />
  return null
}

/** While recording: the running time and 'Recording... Tap to stop'. */
export function RecordingInProgress({ recorder }: { recorder: Recorder }) {
  return (
    <div data-slot="recording-in-progress" className="flex flex-col items-center gap-3 rounded-2xl border bg-card p-5">
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
