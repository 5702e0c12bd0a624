import { useIntl } from 'react-intl'
import { Archive } from 'lucide-react'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { toast } from '#web/lib/toast.ts'
import { type Contact } from '#shared/contacts.ts'
import { ListEmpty, ListPage, ListSkeleton } from '#web/components/list-page.tsx'
import { ListStates } from '#web/components/list-states.tsx'
import { errorMessage } from '#web/lib/errors.ts'
import { usePageMeta } from '#web/lib/page-meta.ts'
import { CONTACT_MESSAGES } from '#web/resources/contacts/contact-messages.ts'
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
  const intl = useIntl()
  usePageMeta({ title: intl.formatMessage({ id: 'archived.pageTitle', defaultMessage: 'Archived Contacts - Hearth' }) })
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
      toast.success(intl.formatMessage(CONTACT_MESSAGES.unarchived), {
        description: intl.formatMessage(CONTACT_MESSAGES.unarchivedBody, { name: contact.name }),
      })
    } catch (error) {
      toast.error(intl.formatMessage(CONTACT_MESSAGES.unarchiveFailed), { description: errorMessage(error) })
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
      notifyRekindled(intl, rekindleTarget.name)
      setRekindleTarget(null)
      navigate('/')
    } catch (error) {
      notifyRekindleFailed(intl, error)
      setRekindleTarget(null)
    }
  }

  const contacts = archived.data?.contacts
  const body = (
    <ListStates
      query={archived}
      items={contacts}
      loading={
        <ListSkeleton
          label={intl.formatMessage({ id: 'archived.loading', defaultMessage: 'Loading archived contacts' })}
          row={ArchivedContactRowSkeleton}
          count={3}
          className="flex flex-col gap-3"
        />
      }
      errorMessage={intl.formatMessage(CONTACT_MESSAGES.archivedLoadFailed)}
      empty={
        <ListEmpty
          icon={Archive}
          title={intl.formatMessage({ id: 'archived.empty', defaultMessage: 'No Archived Contacts' })}
          description={intl.formatMessage({
            id: 'archived.empty.body',
            defaultMessage: 'Contacts you archive will appear here. You can still access all messages and conversations.',
          })}
          back={{ to: '/', label: intl.formatMessage({ id: 'circle.backHome', defaultMessage: 'Back to your circle' }) }}
        />
      }
    >
      {(list) => (
        <ul aria-label={intl.formatMessage({ id: 'archived.list', defaultMessage: 'Archived contacts' })} className="flex flex-col gap-3">
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
    <ListPage
      title={intl.formatMessage({ id: 'archived.title', defaultMessage: 'Archived Contacts' })}
      back="/"
      subtitle={contacts && archivedCountLabel(intl, contacts.length)}
    >
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
