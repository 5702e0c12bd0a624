import { FormattedMessage, useIntl } from 'react-intl'
import { Mic } from 'lucide-react'
import { useState } from 'react'
import { toast } from '#web/lib/toast.ts'
import { Button } from '#web/components/ui/button.tsx'
import { RecordingPreview } from '#web/resources/recording/components/voice-recorder.tsx'
import { MicrophoneProblem, RecordingInProgress, toastRecorderError } from '#web/resources/recording/components/recorder-states.tsx'
import { useUploadAudioMutation } from '#web/resources/recording/queries.ts'
import { WelcomeTranscriptStatus } from './welcome-transcript-status.tsx'
import { useSaveWelcomeMessageMutation } from '#web/resources/profiles/queries.ts'
import { useRecorder } from '#web/resources/recording/use-recorder.ts'

/**
 * The welcome recording (docs/product/settings.md): idle, recording (the shared live recorder, 'Tap to stop'),
 * preview (Discard or Save; no transcript yet), saved (Re-record offered). Saving uploads the audio and makes
 * it the profile's welcome message.
 */
export function WelcomeRecorder({ onSaved }: { onSaved: () => void }) {
  const recorder = useRecorder({ onError: toastRecorderError })
  const upload = useUploadAudioMutation()
  const save = useSaveWelcomeMessageMutation()
  const [saved, setSaved] = useState(false)
  const busy = upload.isPending || save.isPending
  const intl = useIntl()

  const onSave = async () => {
    if (!recorder.recording) return
    try {
      const stored = await upload.mutateAsync({ blob: recorder.recording.blob })
      await save.mutateAsync(stored.upload_id)
      toast.success(intl.formatMessage({ id: 'welcome.saved', defaultMessage: 'Welcome message saved' }), {
        description: intl.formatMessage({ id: 'welcome.saved.body', defaultMessage: 'Your welcome message has been saved successfully.' }),
      })
      setSaved(true)
      onSaved()
    } catch {
      toast.error(intl.formatMessage({ id: 'welcome.saveFailed', defaultMessage: 'Error saving welcome message' }), {
        description: intl.formatMessage({
          id: 'welcome.saveFailed.body',
          defaultMessage: 'Failed to save your welcome message. Please try again.',
        }),
      })
    }
  }

  if (recorder.permission === 'denied' || recorder.microphoneMissing) return <MicrophoneProblem recorder={recorder} />

  if (recorder.status === 'recording' || recorder.status === 'paused') return <RecordingInProgress recorder={recorder} />

  if (recorder.status === 'recorded' && recorder.recording) {
    return (
      <div className="flex flex-col gap-3 rounded-2xl border bg-card p-5">
        <RecordingPreview
          recording={recorder.recording}
          label={intl.formatMessage({ id: 'welcome.preview', defaultMessage: 'Your welcome message' })}
        />
        {saved ? (
          <>
            <WelcomeTranscriptStatus />
            <Button
              variant="outline"
              onClick={() => {
                setSaved(false)
                void recorder.reRecord()
              }}
            >
              <FormattedMessage id="settings.welcome.reRecord" defaultMessage="Re-record" />
            </Button>
          </>
        ) : (
          <div className="grid grid-cols-2 gap-2">
            <Button variant="outline" onClick={recorder.discard} disabled={busy}>
              <FormattedMessage id="welcome.discard" defaultMessage="Discard" />
            </Button>
            <Button onClick={() => void onSave()} disabled={busy}>
              {busy ? (
                <FormattedMessage id="common.saving" defaultMessage="Saving..." />
              ) : (
                <FormattedMessage id="common.save" defaultMessage="Save" />
              )}
            </Button>
          </div>
        )}
      </div>
    )
  }

  return (
    <Button size="lg" className="w-full" onClick={() => void recorder.start()} disabled={recorder.status === 'starting'}>
      <Mic aria-hidden />
      <FormattedMessage id="welcome.record" defaultMessage="Record your welcome message" />
    </Button>
  )
}
