import { useEffect, useSyncExternalStore } from 'react'
import type { Contact } from '#shared/contacts.ts'
import { logUnexpected } from '#web/lib/errors.ts'
import { useMarkSeenMutation } from '#web/resources/contacts/queries.ts'

const subscribeVisibility = (onChange: () => void) => {
  document.addEventListener('visibilitychange', onChange)
  return () => document.removeEventListener('visibilitychange', onChange)
}
const isVisible = () => document.visibilityState === 'visible'

/**
 * While the conversation with this contact is open and in view, what they send is seen as it arrives (decision 206):
 * it stops counting in the tab title and the home badge, on every tab and device, and stays new until it is played.
 * A tab in the background sees nothing; coming back to it sees what arrived meanwhile.
 */
export function useSeenWhileOpen(contact: Pick<Contact, 'id' | 'unread_count' | 'account_deleted'> | undefined): void {
  const visible = useSyncExternalStore(subscribeVisibility, isVisible, () => false)
  const { mutate } = useMarkSeenMutation()
  const id = contact?.id
  const unseen = contact && !contact.account_deleted ? contact.unread_count : 0
  useEffect(() => {
    if (!id || !visible || unseen === 0) return
    mutate(id, { onError: (error) => logUnexpected(error, 'mark seen failed') })
  }, [id, visible, unseen, mutate])
}
