import { ChevronDown, LoaderCircle, Send } from 'lucide-react'
import { useIntl, type MessageDescriptor } from 'react-intl'
import { toast } from '#web/lib/toast.ts'
import { isTranscribing, type SessionMessage } from '#shared/voice-sessions.ts'
import { PlayPauseIcon } from '#web/components/play-pause-icon.tsx'
import { Button } from '#web/components/ui/button.tsx'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '#web/components/ui/dropdown-menu.tsx'
import { useContactsQuery } from '#web/resources/contacts/queries.ts'
import { RetryButton } from '#web/resources/messages/components/retry-transcription-button.tsx'
import { useSendBlockedReason } from '#web/resources/recording/components/use-send-blocked-reason.ts'
import { audioPlayer, useTrackStatus } from '#web/lib/audio-player/use-audio-player.ts'
import { formatDuration } from '#shared/duration.ts'
import { useErrorMessage } from '#web/lib/errors.ts'
import { formatTimeAgo } from '#web/i18n/relative-time.ts'
import { useRetryVoiceSessionNoteMutation, useSendVoiceSessionNoteMutation } from '../queries.ts'

const NOTE_MESSAGES = {
  sendTo: { id: 'sessions.note.sendTo', defaultMessage: 'Send to…' },
  sendToLabel: { id: 'sessions.note.sendTo.label', defaultMessage: 'Send this take to' },
  loading: { id: 'sessions.note.loading', defaultMessage: 'Loading…' },
  noContacts: { id: 'sessions.note.noContacts', defaultMessage: 'No one in your circle yet' },
  sentTitle: { id: 'sessions.note.sent', defaultMessage: 'Message sent' },
  sentTo: { id: 'sessions.note.sentTo', defaultMessage: 'Sent to {name}' },
  sendFailed: { id: 'sessions.note.sendFailed', defaultMessage: 'Failed to send message' },
  play: { id: 'sessions.note.play', defaultMessage: 'Play note' },
  pause: { id: 'sessions.note.pause', defaultMessage: 'Pause note' },
  playShort: { id: 'sessions.note.play.title', defaultMessage: 'Play' },
  pauseShort: { id: 'sessions.note.pause.title', defaultMessage: 'Pause' },
  trackTitle: { id: 'sessions.note.trackTitle', defaultMessage: 'Your note' },
  transcribing: { id: 'sessions.note.transcribing', defaultMessage: 'Transcribing…' },
  transcriptFailed: { id: 'sessions.note.transcriptFailed', defaultMessage: 'Transcription failed' },
  noWords: { id: 'sessions.note.noWords', defaultMessage: 'No words could be made out.' },
  retrying: { id: 'sessions.note.retrying', defaultMessage: 'Transcription retrying' },
  retryingBody: { id: 'sessions.note.retrying.body', defaultMessage: 'Processing your message again...' },
  retryFailed: { id: 'sessions.note.retryFailed', defaultMessage: 'Could not retry transcription' },
} satisfies Record<string, MessageDescriptor>

/** A failed transcript, with the way to try again. */
function FailedTranscript({ sessionId, note }: { sessionId: string; note: SessionMessage }) {
  const intl = useIntl()
  const errorMessage = useErrorMessage()
  const retry = useRetryVoiceSessionNoteMutation(sessionId)
  const retryNow = () => {
    toast(intl.formatMessage(NOTE_MESSAGES.retrying), { description: intl.formatMessage(NOTE_MESSAGES.retryingBody) })
    retry.mutate(note.id, {
      onError: (error) => toast.error(intl.formatMessage(NOTE_MESSAGES.retryFailed), { description: errorMessage(error) }),
    })
  }
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <p className="text-sm text-destructive-text">{intl.formatMessage(NOTE_MESSAGES.transcriptFailed)}</p>
      <RetryButton pending={retry.isPending} onClick={retryNow} />
    </div>
  )
}

/** A recorded note's transcript as far as it goes: on its way, made, failed (with a retry), or no words in it. */
function NoteTranscript({ sessionId, note }: { sessionId: string; note: SessionMessage }) {
  const intl = useIntl()
  if (isTranscribing(note)) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <LoaderCircle aria-hidden className="size-4 animate-spin motion-reduce:animate-none" />
        {intl.formatMessage(NOTE_MESSAGES.transcribing)}
      </p>
    )
  }
  if (note.transcript_status === 'failed') return <FailedTranscript sessionId={sessionId} note={note} />
  if (!note.text) return <p className="text-sm text-muted-foreground italic">{intl.formatMessage(NOTE_MESSAGES.noWords)}</p>
  return <p className="text-pretty">{note.text}</p>
}

/** Play/Pause of one note on the app's one player, with its time while it plays. */
function NotePlayButton({ note, url }: { note: SessionMessage; url: string }) {
  const intl = useIntl()
  const id = `session-note:${note.id}`
  const { playing, loading, time, current } = useTrackStatus(id)
  const busy = loading && !playing
  return (
    <div className="flex items-center gap-2">
      <Button
        size="icon"
        className="rounded-full"
        aria-label={intl.formatMessage(playing || busy ? NOTE_MESSAGES.pause : NOTE_MESSAGES.play)}
        title={intl.formatMessage(playing || busy ? NOTE_MESSAGES.pauseShort : NOTE_MESSAGES.playShort)}
        aria-busy={busy || undefined}
        onClick={() => void audioPlayer().toggle({ id, url, title: intl.formatMessage(NOTE_MESSAGES.trackTitle) })}
      >
        <PlayPauseIcon busy={busy} playing={playing} />
      </Button>
      {current && <span className="text-sm text-muted-foreground tabular-nums">{formatDuration(time)}</span>}
    </div>
  )
}

/** "Send to…": the circle's active contacts; one at the message limit is shown but cannot be chosen. */
function SendToMenu({ sessionId, note }: { sessionId: string; note: SessionMessage }) {
  const intl = useIntl()
  const errorMessage = useErrorMessage()
  const { blockedReason } = useSendBlockedReason()
  const contacts = useContactsQuery('active')
  const send = useSendVoiceSessionNoteMutation()
  const linked = (contacts.data?.contacts ?? []).filter((c) => c.contact_user_id)

  const sendTo = (contactId: string, name: string) => {
    send.mutate(
      { sessionId, noteId: note.id, contactId },
      {
        onSuccess: () =>
          toast.success(intl.formatMessage(NOTE_MESSAGES.sentTitle), { description: intl.formatMessage(NOTE_MESSAGES.sentTo, { name }) }),
        onError: (error) => toast.error(intl.formatMessage(NOTE_MESSAGES.sendFailed), { description: errorMessage(error) }),
      },
    )
  }

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" disabled={send.isPending} aria-busy={send.isPending || undefined}>
          {send.isPending ? <LoaderCircle aria-hidden className="animate-spin" /> : <Send aria-hidden />}
          {intl.formatMessage(NOTE_MESSAGES.sendTo)}
          <ChevronDown aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{intl.formatMessage(NOTE_MESSAGES.sendToLabel)}</DropdownMenuLabel>
        {contacts.isPending && <DropdownMenuItem disabled>{intl.formatMessage(NOTE_MESSAGES.loading)}</DropdownMenuItem>}
        {contacts.isSuccess && linked.length === 0 && (
          <DropdownMenuItem disabled>{intl.formatMessage(NOTE_MESSAGES.noContacts)}</DropdownMenuItem>
        )}
        {linked.map((contact) => {
          const blocked = blockedReason(contact)
          return (
            <DropdownMenuItem
              key={contact.id}
              disabled={Boolean(blocked)}
              title={blocked ?? undefined}
              onSelect={() => sendTo(contact.id, contact.name)}
            >
              {contact.name}
            </DropdownMenuItem>
          )
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  )
}

/** One note of a session: a typed one is its text; a recorded one plays, shows its transcript and can be sent. */
export function SessionNote({ sessionId, note }: { sessionId: string; note: SessionMessage }) {
  const intl = useIntl()
  return (
    <li data-slot="session-note" className="flex flex-col gap-2 rounded-xl border bg-background/60 p-3">
      <div className="flex items-center justify-between gap-2">
        {note.audio_url ? <NotePlayButton note={note} url={note.audio_url} /> : <span />}
        <time dateTime={note.created_at} className="text-xs text-muted-foreground">
          {formatTimeAgo(intl, note.created_at)}
        </time>
      </div>
      {note.audio_url ? <NoteTranscript sessionId={sessionId} note={note} /> : <p className="text-pretty">{note.text}</p>}
      {note.audio_url && (
        <div className="flex justify-end">
          <SendToMenu sessionId={sessionId} note={note} />
        </div>
      )}
    </li>
  )
}
