import { useIntl, type MessageDescriptor } from 'react-intl'
import { formatActive } from '#web/i18n/active-intl.ts'
import { toast } from '#web/lib/toast.ts'
import { MicrophoneDeniedCard, NoMicrophoneCard } from './microphone-help.tsx'
import type { RecorderError, UseRecorder } from '../use-recorder.ts'
import { LiveRecording } from './voice-recorder.tsx'

type Recorder = UseRecorder

const STATE_MESSAGES = {
  errorTitle: { id: 'recorder.error.title', defaultMessage: 'Recording Error' },
  processingFailed: { id: 'recorder.error.processingFailed', defaultMessage: 'Could not process the recording' },
  startFailed: { id: 'recorder.error.startFailed', defaultMessage: 'Could not start recording' },
  tapToStop: { id: 'recorder.tapToStop', defaultMessage: 'Tap to stop' },
} satisfies Record<string, MessageDescriptor>

/** The recorder's `onError` (a callback, outside any component): the microphone problems have their own cards, the rest a toast. */
export function toastRecorderError(error: RecorderError) {
  if (error === 'processing-failed')
    toast.error(formatActive(STATE_MESSAGES.errorTitle), { description: formatActive(STATE_MESSAGES.processingFailed) })
  else if (error !== 'denied' && error !== 'no-microphone')
    toast.error(formatActive(STATE_MESSAGES.errorTitle), { description: formatActive(STATE_MESSAGES.startFailed) })
}

/** The card for a blocked or missing microphone, or null when the microphone is usable. */
export function MicrophoneProblem({ recorder }: { recorder: Recorder }) {
  if (recorder.permission === 'denied') return <MicrophoneDeniedCard onRefresh={() => window.location.reload()} />
  if (recorder.microphoneMissing) return <NoMicrophoneCard onRetry={() => void recorder.start()} />
  return null
}

/** While recording or paused: the shared live recorder in a card, with 'Tap to stop'. */
export function RecordingInProgress({ recorder }: { recorder: Recorder }) {
  const intl = useIntl()
  return (
    <div data-slot="recording-in-progress" className="flex flex-col items-center gap-3 rounded-2xl border bg-card p-5">
      <LiveRecording recorder={recorder} stopLabel={intl.formatMessage(STATE_MESSAGES.tapToStop)} onCancel={recorder.discard} compact />
    </div>
  )
}
