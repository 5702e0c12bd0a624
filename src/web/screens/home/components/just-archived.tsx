import { useIntl, type MessageDescriptor } from 'react-intl'
import { Archive, LoaderCircle, Undo2 } from 'lucide-react'
import { useEffect, useRef } from 'react'
import type { Contact } from '#shared/contacts.ts'
import { Button } from '#web/components/ui/button.tsx'

const JUST_ARCHIVED = {
  list: { id: 'home.justArchived.list', defaultMessage: 'Just archived' },
  row: { id: 'home.justArchived.row', defaultMessage: '{name} is in your archived contacts.' },
  undo: { id: 'common.undo', defaultMessage: 'Undo' },
  undoName: { id: 'home.justArchived.undoName', defaultMessage: 'Undo archiving {name}' },
} satisfies Record<string, MessageDescriptor>

type JustArchivedProps = {
  contacts: Pick<Contact, 'id' | 'name'>[]
  /** the contact whose Undo takes focus (the one just archived): a keyboard user's next step, not the page's body */
  focusRequest: { id: string } | null
  undoingIds: ReadonlySet<string>
  onUndo: (contact: Pick<Contact, 'id' | 'name'>) => void
}

/**
 * The people archived on this visit to home, each with an Undo that stays until it is used or the person leaves the
 * page (decision 144): no timer to race, unlike a toast's action. The archived contacts page keeps Unarchive after that.
 */
export function JustArchived({ contacts, focusRequest, undoingIds, onUndo }: JustArchivedProps) {
  const intl = useIntl()
  const focusRef = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (focusRequest) focusRef.current?.focus()
  }, [focusRequest])
  if (contacts.length === 0) return null
  return (
    <ul aria-label={intl.formatMessage(JUST_ARCHIVED.list)} data-slot="just-archived" className="mb-4 flex flex-col gap-2">
      {contacts.map((contact) => (
        <li
          key={contact.id}
          className="flex items-center gap-3 rounded-2xl border border-dashed bg-card/80 py-2 ps-4 pe-2 text-sm motion-safe:animate-in-pop"
        >
          <Archive aria-hidden className="size-4 shrink-0 text-muted-foreground" />
          <span className="min-w-0 flex-1">{intl.formatMessage(JUST_ARCHIVED.row, { name: contact.name })}</span>
          <Button
            ref={contact.id === focusRequest?.id ? focusRef : undefined}
            variant="outline"
            size="sm"
            aria-label={intl.formatMessage(JUST_ARCHIVED.undoName, { name: contact.name })}
            aria-busy={undoingIds.has(contact.id)}
            onClick={() => onUndo(contact)}
          >
            {undoingIds.has(contact.id) ? <LoaderCircle aria-hidden className="animate-spin" /> : <Undo2 aria-hidden />}
            {intl.formatMessage(JUST_ARCHIVED.undo)}
          </Button>
        </li>
      ))}
    </ul>
  )
}
