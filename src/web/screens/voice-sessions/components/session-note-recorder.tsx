import { Mic, Save, Trash2 } from 'lucide-react'
import { toast } from '#web/lib/toast.ts'
import { SESSION_TEXTS } from '#shared/voice-sessions.ts'
import { Button } from '#web/components/ui/button.tsx'
import { MicrophoneProblem, toastRecorderError } from '#web/resources/recording/components/recorder-states.tsx'
import { LiveRecording, RecordingPreview, RECORDER_TRANSITION } from '#web/resources/recording/components/voice-recorder.tsx'
import { useUploadAudioMutation } from '#web/resources/recording/queries.ts'
import { errorMessage, logUnexpected } from '#web/lib/errors.ts'
import { useRecorder } from '#web/resources/recording/use-recorder.ts'
import { cn } from '#web/lib/utils.ts'
import { useAddVoiceSessionNoteMutation } from '../queries.ts'

export const NOTE_RECORDER_TEXTS = {
  record: 'Record a note',
  stop: 'Stop',
  save: 'Keep in session',
  saving: 'Saving…',
  discard: 'Discard',
} as const

/**
 * Records a note to yourself on the app's one recorder (level meter, pause, the cap, a preview on Hearth's player),
 * then keeps it in the session: the take is uploaded and stored, and the server makes its transcript.
 */
export function SessionNoteRecorder({ sessionId, sessionTitle }: { sessionId: string; sessionTitle: string }) {
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
      toast.error(SESSION_TEXTS.saveFailed, { description: errorMessage(error) })
    }
  }

  if (recorder.status === 'recording' || recorder.status === 'paused') {
    return <LiveRecording recorder={recorder} stopLabel={NOTE_RECORDER_TEXTS.stop} onCancel={recorder.discard} compact />
  }
  if (recorder.status === 'recorded' && recorder.recording) {
    return (
      <RecordingPreview recording={recorder.recording} label={`New note for ${sessionTitle}`}>
        <div className="grid grid-cols-[2fr_1fr] gap-2">
          <Button onClick={() => void save()} disabled={busy}>
            <Save aria-hidden />
            {busy ? NOTE_RECORDER_TEXTS.saving : NOTE_RECORDER_TEXTS.save}
          </Button>
          <Button variant="outline" onClick={recorder.discard} disabled={busy}>
            <Trash2 aria-hidden />
            {NOTE_RECORDER_TEXTS.discard}
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
        aria-label={`${NOTE_RECORDER_TEXTS.record} in ${sessionTitle}`}
        disabled={recorder.status === 'starting'}
        onClick={() => void recorder.start()}
      >
        <Mic aria-hidden />
        {NOTE_RECORDER_TEXTS.record}
      </Button>
    </div>
  )
}
