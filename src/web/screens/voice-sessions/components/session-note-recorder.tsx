import { Mic, Save, Trash2 } from 'lucide-react'
import { useIntl, type MessageDescriptor } from 'react-intl'
import { toast } from '#web/lib/toast.ts'
import { Button } from '#web/components/ui/button.tsx'
import { MicrophoneProblem, toastRecorderError } from '#web/resources/recording/components/recorder-states.tsx'
import { LiveRecording, RecordingPreview, RECORDER_TRANSITION } from '#web/resources/recording/components/voice-recorder.tsx'
import { useUploadAudioMutation } from '#web/resources/recording/queries.ts'
import { errorMessage, logUnexpected } from '#web/lib/errors.ts'
import { useRecorder } from '#web/resources/recording/use-recorder.ts'
import { cn } from '#web/lib/utils.ts'
import { useAddVoiceSessionNoteMutation } from '../queries.ts'

const NOTE_RECORDER_MESSAGES = {
  record: { id: 'sessions.note.record', defaultMessage: 'Record a note' },
  recordIn: { id: 'sessions.note.record.label', defaultMessage: 'Record a note in {title}' },
  stop: { id: 'sessions.note.stop', defaultMessage: 'Stop' },
  save: { id: 'sessions.note.save', defaultMessage: 'Keep in session' },
  saving: { id: 'sessions.note.saving', defaultMessage: 'Saving…' },
  discard: { id: 'sessions.note.discard', defaultMessage: 'Discard' },
  preview: { id: 'sessions.note.preview', defaultMessage: 'New note for {title}' },
  saveFailed: { id: 'sessions.note.saveFailed', defaultMessage: 'Failed to save message' },
} satisfies Record<string, MessageDescriptor>

/**
 * Records a note to yourself on the app's one recorder (level meter, pause, the cap, a preview on Hearth's player),
 * then keeps it in the session: the take is uploaded and stored, and the server makes its transcript.
 */
export function SessionNoteRecorder({ sessionId, sessionTitle }: { sessionId: string; sessionTitle: string }) {
  const intl = useIntl()
  const recorder = useRecorder({ onError: toastRecorderError })
  const upload = useUploadAudioMutation()
  const addNote = useAddVoiceSessionNoteMutation(sessionId)
  const busy = upload.isPending || addNote.isPending

  const save = async () => {
    if (!recorder.recording) return
    try {
      const stored = await upload.mutateAsync({ blob: recorder.recording.blob })
      await addNote.mutateAsync(stored.upload_id)
      recorder.discard()
    } catch (error) {
      logUnexpected(error, 'saving a session note')
      toast.error(intl.formatMessage(NOTE_RECORDER_MESSAGES.saveFailed), { description: errorMessage(error) })
    }
  }

  if (recorder.status === 'recording' || recorder.status === 'paused') {
    return (
      <LiveRecording recorder={recorder} stopLabel={intl.formatMessage(NOTE_RECORDER_MESSAGES.stop)} onCancel={recorder.discard} compact />
    )
  }
  if (recorder.status === 'recorded' && recorder.recording) {
    return (
      <RecordingPreview recording={recorder.recording} label={intl.formatMessage(NOTE_RECORDER_MESSAGES.preview, { title: sessionTitle })}>
        <div className="grid grid-cols-[2fr_1fr] gap-2">
          <Button onClick={() => void save()} disabled={busy}>
            <Save aria-hidden />
            {intl.formatMessage(busy ? NOTE_RECORDER_MESSAGES.saving : NOTE_RECORDER_MESSAGES.save)}
          </Button>
          <Button variant="outline" onClick={recorder.discard} disabled={busy}>
            <Trash2 aria-hidden />
            {intl.formatMessage(NOTE_RECORDER_MESSAGES.discard)}
          </Button>
        </div>
      </RecordingPreview>
    )
  }
  return (
    <div className="flex flex-col gap-2">
      <MicrophoneProblem recorder={recorder} />
      <Button
        className={cn('w-full', RECORDER_TRANSITION)}
        aria-label={intl.formatMessage(NOTE_RECORDER_MESSAGES.recordIn, { title: sessionTitle })}
        disabled={recorder.status === 'starting'}
        onClick={() => void recorder.start()}
      >
        <Mic aria-hidden />
        {intl.formatMessage(NOTE_RECORDER_MESSAGES.record)}
      </Button>
    </div>
  )
}
