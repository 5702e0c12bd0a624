import { useIntl, type MessageDescriptor } from 'react-intl'
import { MAX_NOTES_PER_SESSION } from '#shared/limits.ts'
import { defaultSessionTitle, type Session } from '#shared/voice-sessions.ts'
import { displayDirection } from '#web/i18n/locale.ts'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { SessionNote } from './session-note.tsx'
import { SessionNoteRecorder } from './session-note-recorder.tsx'

const CARD_MESSAGES = {
  notes: { id: 'sessions.card.notes', defaultMessage: '{count, plural, one {# note} other {# notes}}' },
  defaultTitle: { id: 'sessions.card.defaultTitle', defaultMessage: 'Session {date}' },
  notesIn: { id: 'sessions.card.notesIn', defaultMessage: 'Notes in {title}' },
  // the server's refusal of one note too many, said before recording it
  noteLimit: { id: 'error.sessions.noteLimit', defaultMessage: 'A session holds up to 100 notes. Start a new session to keep going.' },
} satisfies Record<string, MessageDescriptor>

/** One session: its title and day, the recorder for a new note, then its notes, newest first. */
export function SessionCard({ session }: { session: Session }) {
  const intl = useIntl()
  const headingId = `session-${session.id}`
  // the title the server gives a new session is said in the reader's language; one the person chose stays as it is
  const title =
    session.title === defaultSessionTitle(session.date)
      ? intl.formatMessage(CARD_MESSAGES.defaultTitle, {
          // right to left, the ISO day keeps its order (isolated left to right)
          date: displayDirection(intl.locale) === 'rtl' ? `\u2066${session.date}\u2069` : session.date,
        })
      : session.title
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle id={headingId}>{title}</CardTitle>
        <CardDescription>
          <time dateTime={session.date}>
            {intl.formatDate(new Date(`${session.date}T12:00:00Z`), { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })}
          </time>
          {' · '}
          {intl.formatMessage(CARD_MESSAGES.notes, { count: session.message_count })}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {session.message_count >= MAX_NOTES_PER_SESSION ? (
          <p className="rounded-xl border bg-muted px-4 py-3 text-sm">{intl.formatMessage(CARD_MESSAGES.noteLimit)}</p>
        ) : (
          <SessionNoteRecorder sessionId={session.id} sessionTitle={title} />
        )}
        {session.messages.length > 0 && (
          <ul aria-label={intl.formatMessage(CARD_MESSAGES.notesIn, { title })} className="flex flex-col gap-2">
            {session.messages.map((note) => (
              <SessionNote key={note.id} sessionId={session.id} note={note} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
