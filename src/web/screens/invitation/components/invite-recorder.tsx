import { Mic, RotateCcw } from 'lucide-react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Button } from '#web/components/ui/button.tsx'
import { RecordingPreview } from '#web/resources/recording/components/voice-recorder.tsx'
import { MicrophoneProblem, RecordingInProgress } from '#web/resources/recording/components/recorder-states.tsx'
import type { useRecorder } from '#web/resources/recording/use-recorder.ts'

/**
 * The personal message of an invitation, made with the app's recorder: record, stop, listen back, re-record.
 * The parent owns the recorder (it uploads the recording when the invitation is sent).
 */
export function InviteRecorder({ recorder, disabled }: { recorder: ReturnType<typeof useRecorder>; disabled?: boolean }) {
  const intl = useIntl()
  if (recorder.permission === 'denied' || recorder.microphoneMissing) return <MicrophoneProblem recorder={recorder} />

  if (recorder.status === 'recording' || recorder.status === 'paused') return <RecordingInProgress recorder={recorder} />
  if (recorder.status === 'recorded' && recorder.recording) {
    return (
      <div className="flex flex-col gap-3 rounded-2xl border bg-card p-5">
        <RecordingPreview
          recording={recorder.recording}
          label={intl.formatMessage({ id: 'invitation.recorder.label', defaultMessage: 'Your personal message' })}
        />
        <Button variant="outline" onClick={() => void recorder.reRecord()} disabled={disabled}>
          <RotateCcw aria-hidden />
          <FormattedMessage id="invitation.recorder.reRecord" defaultMessage="Re-record" />
        </Button>
      </div>
    )
  }
  return (
    <Button size="lg" className="w-full" onClick={() => void recorder.start()} disabled={recorder.status === 'starting' || disabled}>
      <Mic aria-hidden />
      <FormattedMessage id="invitation.recorder.record" defaultMessage="Record your message" />
    </Button>
  )
}
