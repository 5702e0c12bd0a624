import { ChevronDown, LoaderCircle, Send } from 'lucide-react'
import { toast } from '#web/lib/toast.ts'
import { isTranscribing, SESSION_TEXTS, type SessionMessage } from '#shared/voice-sessions.ts'
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
import { sendBlockedReason } from '#web/resources/recording/send-limits.ts'
import { audioPlayer, useTrackStatus } from '#web/lib/audio-player/use-audio-player.ts'
import { formatDuration } from '#shared/duration.ts'
import { errorMessage } from '#web/lib/errors.ts'
import { relativeTime } from '#shared/relative-time.ts'
import { useRetryVoiceSessionNoteMutation, useSendVoiceSessionNoteMutation } from '../queries.ts'

export const NOTE_TEXTS = {
  sendTo: 'Send to…',
  sendToLabel: 'Send this take to',
  noContacts: 'No one in your circle yet',
  sentTitle: 'Message sent',
  sendFailed: 'Failed to send message',
  play: 'Play note',
  pause: 'Pause note',
} as const

/** A failed transcript, with the way to try again. */
function FailedTranscript({ sessionId, note }: { sessionId: string; note: SessionMessage }) {
  const retry = useRetryVoiceSessionNoteMutation(sessionId)
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <p className="text-sm text-destructive-text">{SESSION_TEXTS.transcriptFailed}</p>
      <RetryButton pending={retry.isPending} onClick={() => retry.mutate(note.id)} />
    </div>
  )
}

/** A recorded note's transcript as far as it goes: on its way, made, failed (with a retry), or no words in it. */
function NoteTranscript({ sessionId, note }: { sessionId: string; note: SessionMessage }) {
  if (isTranscribing(note)) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <LoaderCircle aria-hidden className="size-4 animate-spin motion-reduce:animate-none" />
        {SESSION_TEXTS.transcribing}
      </p>
    )
  }
  if (note.transcript_status === 'failed') return <FailedTranscript sessionId={sessionId} note={note} />
  if (!note.text) return <p className="text-sm text-muted-foreground italic">{SESSION_TEXTS.noWords}</p>
  return <p className="text-pretty">{note.text}</p>
}

/** Play/Pause of one note on the app's one player, with its time while it plays. */
function NotePlayButton({ note, url }: { note: SessionMessage; url: string }) {
  const id = `session-note:${note.id}`
  const { playing, loading, time, current } = useTrackStatus(id)
  const busy = loading && !playing
  return (
    <div className="flex items-center gap-2">
      <Button
        size="icon"
        className="rounded-full"
        aria-label={playing || busy ? NOTE_TEXTS.pause : NOTE_TEXTS.play}
        title={playing || busy ? 'Pause' : 'Play'}
        aria-busy={busy || undefined}
        onClick={() => void audioPlayer().toggle({ id, url, title: 'Your note' })}
      >
        <PlayPauseIcon busy={busy} playing={playing} />
      </Button>
      {current && <span className="text-sm text-muted-foreground tabular-nums">{formatDuration(time)}</span>}
    </div>
  )
}

/** "Send to…": the circle's active contacts; one at the message limit is shown but cannot be chosen. */
function SendToMenu({ sessionId, note }: { sessionId: string; note: SessionMessage }) {
  const contacts = useContactsQuery('active')
  const send = useSendVoiceSessionNoteMutation()
  const linked = (contacts.data?.contacts ?? []).filter((c) => c.contact_user_id)

  const sendTo = (contactId: string, name: string) => {
    send.mutate(
      { sessionId, noteId: note.id, contactId },
      {
        onSuccess: () => toast.success(NOTE_TEXTS.sentTitle, { description: SESSION_TEXTS.sent(name) }),
        onError: (error) => toast.error(NOTE_TEXTS.sendFailed, { description: errorMessage(error) }),
      },
    )
  }

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" disabled={send.isPending} aria-busy={send.isPending || undefined}>
          {send.isPending ? <LoaderCircle aria-hidden className="animate-spin" /> : <Send aria-hidden />}
          {NOTE_TEXTS.sendTo}
          <ChevronDown aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{NOTE_TEXTS.sendToLabel}</DropdownMenuLabel>
        {contacts.isPending && <DropdownMenuItem disabled>Loading…</DropdownMenuItem>}
        {contacts.isSuccess && linked.length === 0 && <DropdownMenuItem disabled>{NOTE_TEXTS.noContacts}</DropdownMenuItem>}
        {linked.map((contact) => {
          const blocked = sendBlockedReason(contact)
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
  return (
    <li data-slot="session-note" className="flex flex-col gap-2 rounded-xl border bg-background/60 p-3">
      <div className="flex items-center justify-between gap-2">
        {note.audio_url ? <NotePlayButton note={note} url={note.audio_url} /> : <span />}
        <time dateTime={note.created_at} className="text-xs text-muted-foreground">
          {relativeTime(note.created_at)}
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
