import { CloudOff, Headphones, LoaderCircle, Send, Trash2 } from 'lucide-react'
import { useIntl, type IntlShape, type MessageDescriptor } from 'react-intl'
import { Button } from '#web/components/ui/button.tsx'
import { formatDuration } from '#shared/duration.ts'
import type { Take } from '../outbox.ts'

export const TAKE_MESSAGES = {
  unsent: { id: 'take.unsent', defaultMessage: 'Unsent message to {name}, {duration}' },
  waiting: { id: 'take.waiting', defaultMessage: 'Waiting to send to {name}, {duration}' },
  sending: { id: 'take.sending', defaultMessage: 'Sending...' },
  offline: { id: 'take.offline', defaultMessage: "You're offline: it goes as soon as the connection returns." },
  storageAway: {
    id: 'take.storageAway',
    defaultMessage: "Hearth can't reach its storage right now; your message will be sent when it's back.",
  },
  send: { id: 'take.send', defaultMessage: 'Send' },
  listen: { id: 'take.listen', defaultMessage: 'Listen' },
  discard: { id: 'take.discard', defaultMessage: 'Discard' },
} satisfies Record<string, MessageDescriptor>

/*
 * The outbox keeps a failed take's reason as text: the server's refusal already in the reader's language, or one of
 * its own fallbacks in English, said here in the language on screen.
 */
const FALLBACK_MESSAGES = {
  notSent: { id: 'take.error.notSent', defaultMessage: 'The message could not be sent' },
  waiting: { id: 'take.error.waiting', defaultMessage: 'Waiting for the connection' },
  uploadFailed: { id: 'take.error.uploadFailed', defaultMessage: 'Upload failed' },
} satisfies Record<string, MessageDescriptor>
const OUTBOX_FALLBACKS = new Map(Object.values(FALLBACK_MESSAGES).map((message) => [String(message.defaultMessage), message]))

/** A take's kept error in the reader's language (the outbox's own fallbacks translated, any other text as it is). */
export function takeError(intl: IntlShape, error: string | null): string {
  if (!error) return ''
  const known = OUTBOX_FALLBACKS.get(error)
  return known ? intl.formatMessage(known) : error
}

/** "Unsent message to Sam, 0:42" / "Waiting to send to Sam, 0:42" */
export function takeTitle(intl: IntlShape, take: Pick<Take, 'contactName' | 'durationSeconds'>, state: 'unsent' | 'waiting'): string {
  return intl.formatMessage(TAKE_MESSAGES[state], { name: take.contactName, duration: formatDuration(take.durationSeconds) })
}

type TakeRowProps = {
  take: Take
  online: boolean
  /** Send is offered only when this contact may receive more now */
  canSend: boolean
  onSend: () => void
  onListen?: () => void
  onDiscard: () => void
}

/**
 * One take kept on this device: a draft or a refused one ("Unsent message to Sam, 0:42: Send / Listen / Discard"),
 * or one waiting in the outbox (sending now, or until the connection returns).
 */
export function TakeRow({ take, online, canSend, onSend, onListen, onDiscard }: TakeRowProps) {
  const intl = useIntl()
  if (take.state === 'queued') {
    return (
      <li data-slot="take-row" className="flex items-center gap-3 rounded-xl border bg-card px-3 py-2 text-sm">
        {online ? (
          <LoaderCircle aria-hidden className="size-4 shrink-0 animate-spin text-muted-foreground motion-reduce:animate-none" />
        ) : (
          <CloudOff aria-hidden className="size-4 shrink-0 text-muted-foreground" />
        )}
        <div className="min-w-0 flex-1">
          <p className="font-medium">{takeTitle(intl, take, 'waiting')}</p>
          <p role="status" className="text-muted-foreground">
            {intl.formatMessage(!online ? TAKE_MESSAGES.offline : take.storageAway ? TAKE_MESSAGES.storageAway : TAKE_MESSAGES.sending)}
          </p>
        </div>
      </li>
    )
  }
  const title = takeTitle(intl, take, 'unsent')
  return (
    <li
      data-slot="take-row"
      aria-label={title}
      className="flex flex-col gap-2 rounded-xl border bg-card px-3 py-2 text-sm sm:flex-row sm:items-center"
    >
      <div className="min-w-0 flex-1">
        <p className="font-medium">{title}</p>
        {take.state === 'failed' && take.error && <p className="text-destructive-text">{takeError(intl, take.error)}</p>}
      </div>
      <div className="flex gap-2">
        {canSend && (
          <Button size="sm" onClick={onSend}>
            <Send aria-hidden />
            {intl.formatMessage(TAKE_MESSAGES.send)}
          </Button>
        )}
        {onListen && (
          <Button size="sm" variant="outline" onClick={onListen}>
            <Headphones aria-hidden />
            {intl.formatMessage(TAKE_MESSAGES.listen)}
          </Button>
        )}
        <Button size="sm" variant="outline" onClick={onDiscard}>
          <Trash2 aria-hidden />
          {intl.formatMessage(TAKE_MESSAGES.discard)}
        </Button>
      </div>
    </li>
  )
}
