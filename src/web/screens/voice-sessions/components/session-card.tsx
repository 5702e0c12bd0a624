import { MAX_NOTES_PER_SESSION } from '#shared/limits.ts'
import { SESSION_TEXTS, type Session } from '#shared/voice-sessions.ts'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { SessionNote } from './session-note.tsx'
import { SessionNoteRecorder } from './session-note-recorder.tsx'

const formatDay = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString(undefined, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })

/** One session: its title and day, the recorder for a new note, then its notes, newest first. */
export function SessionCard({ session }: { session: Session }) {
  const headingId = `session-${session.id}`
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle id={headingId}>{session.title}</CardTitle>
        <CardDescription>
          <time dateTime={session.date}>{formatDay(session.date)}</time>
          {' · '}
          {session.message_count === 1 ? '1 note' : `${session.message_count} notes`}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {session.message_count >= MAX_NOTES_PER_SESSION ? (
          <p className="rounded-xl border bg-muted px-4 py-3 text-sm">{SESSION_TEXTS.noteLimit}</p>
        ) : (
          <SessionNoteRecorder sessionId={session.id} sessionTitle={session.title} />
        )}
        {session.messages.length > 0 && (
          <ul aria-label={`Notes in ${session.title}`} className="flex flex-col gap-2">
            {session.messages.map((note) => (
              <SessionNote key={note.id} sessionId={session.id} note={note} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
