import { toast } from '#web/lib/toast.ts'
import { MicrophoneDeniedCard, NoMicrophoneCard } from './microphone-help.tsx'
import type { RecorderError, UseRecorder } from '../use-recorder.ts'
import { LiveRecording } from './voice-recorder.tsx'

type Recorder = UseRecorder

/** The recorder's `onError`: the microphone problems have their own cards, the rest a toast. */
export function toastRecorderError(error: RecorderError) {
  if (error === 'processing-failed') toast.error('Recording Error', { description: 'Could not process the recording' })
  else if (error !== 'denied' && error !== 'no-microphone') toast.error('Recording Error', { description: 'Could not start recording' })
}

/** The card for a blocked or missing microphone, or null when the microphone is usable. */
export function MicrophoneProblem({ recorder }: { recorder: Recorder }) {
  if (recorder.permission === 'denied') return <MicrophoneDeniedCard onRefresh={() => window.location.reload()} />
  if (recorder.microphoneMissing) return <NoMicrophoneCard onRetry={() => void recorder.start()} />
  return null
}

/** While recording or paused: the shared live recorder in a card, with 'Tap to stop'. */
export function RecordingInProgress({ recorder }: { recorder: Recorder }) {
  return (
    <div data-slot="recording-in-progress" className="flex flex-col items-center gap-3 rounded-2xl border bg-card p-5">
      <LiveRecording recorder={recorder} stopLabel="Tap to stop" onCancel={recorder.discard} compact />
    </div>
  )
}
