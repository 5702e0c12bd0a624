import { Archive } from 'lucide-react'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { toast } from '#web/lib/toast.ts'
import { type Contact } from '#shared/contacts.ts'
import { CONTACT_TEXTS } from '#shared/contacts-texts.ts'
import { ListEmpty, ListPage, ListSkeleton } from '#web/components/list-page.tsx'
import { ListStates } from '#web/components/list-states.tsx'
import { errorMessage } from '#web/lib/errors.ts'
import { usePageMeta } from '#web/lib/page-meta.ts'
import { ArchivedContactRow, ArchivedContactRowSkeleton } from './components/archived-contact-row.tsx'
import { archivedCountLabel } from './components/archived-count.ts'
import { RekindleDialog } from '#web/resources/contacts/components/rekindle-dialog.tsx'
import { notifyRekindled, notifyRekindleFailed } from '#web/resources/contacts/components/rekindle-toasts.ts'
import { useArchiveContactMutation, useContactsQuery, useRekindleContactMutation } from '#web/resources/contacts/queries.ts'

/**
 * /archived-contacts (docs/product/circle.md): the archived list, newest first. A contact can be opened, unarchived, or
 * rekindled through a confirmation dialog; a rekindle goes home afterwards.
 */
export function ArchivedContactsPage() {
  usePageMeta({ title: 'Archived Contacts - Hearth' })
  const navigate = useNavigate()
  const archived = useContactsQuery('archived')
  const archive = useArchiveContactMutation()
  const rekindle = useRekindleContactMutation()
  const [rekindleTarget, setRekindleTarget] = useState<Pick<Contact, 'id' | 'name'> | null>(null)
  const [unarchivingIds, setUnarchivingIds] = useState<ReadonlySet<string>>(() => new Set())

  const onUnarchive = async (contact: Contact) => {
    setUnarchivingIds((ids) => new Set(ids).add(contact.id))
    try {
      await archive.mutateAsync({ id: contact.id, shouldArchive: false })
      toast.success(CONTACT_TEXTS.unarchived, { description: `${contact.name} is back in your circle.` })
    } catch (error) {
      toast.error(CONTACT_TEXTS.unarchiveFailed, { description: errorMessage(error) })
    } finally {
      setUnarchivingIds((ids) => {
        const next = new Set(ids)
        next.delete(contact.id)
        return next
      })
    }
  }

  const onConfirmRekindle = async () => {
    if (!rekindleTarget) return
    try {
      await rekindle.mutateAsync(rekindleTarget)
      notifyRekindled(rekindleTarget.name)
      setRekindleTarget(null)
      navigate('/')
    } catch (error) {
      notifyRekindleFailed(error)
      setRekindleTarget(null)
    }
  }

  const contacts = archived.data?.contacts
  const body = (
    <ListStates
      query={archived}
      items={contacts}
      loading={
        <ListSkeleton label="Loading archived contacts" row={ArchivedContactRowSkeleton} count={3} className="flex flex-col gap-3" />
      }
      errorMessage={CONTACT_TEXTS.archivedLoadFailed}
      empty={
        <ListEmpty
          icon={Archive}
          title="No Archived Contacts"
          description="Contacts you archive will appear here. You can still access all messages and conversations."
          back={{ to: '/', label: 'Back to your circle' }}
        />
      }
    >
      {(list) => (
        <ul aria-label="Archived contacts" className="flex flex-col gap-3">
          {list.map((contact) => (
            <ArchivedContactRow
              key={contact.id}
              contact={contact}
              unarchiving={unarchivingIds.has(contact.id)}
              onRekindle={() => setRekindleTarget({ id: contact.id, name: contact.name })}
              onUnarchive={() => void onUnarchive(contact)}
            />
          ))}
        </ul>
      )}
    </ListStates>
  )

  return (
    <ListPage title="Archived Contacts" back="/" subtitle={contacts && archivedCountLabel(contacts.length)}>
      {body}
      <RekindleDialog
        name={rekindleTarget?.name ?? null}
        pending={rekindle.isPending}
        onCancel={() => setRekindleTarget(null)}
        onConfirm={() => void onConfirmRekindle()}
      />
    </ListPage>
  )
}
