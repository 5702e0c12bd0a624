import { useEffect } from 'react'
import { setUnreadInTitle } from '#web/lib/page-meta.ts'
import { useContactsQuery } from './queries.ts'

/**
 * Keeps the signed-in person's unread count in front of the tab title on every screen (not only home), so a background
 * tab shows new messages; it reads the circle's list, which live updates keep current. Signing out takes it away.
 */
export function useUnreadTitle(): void {
  const active = useContactsQuery('active')
  const unread = (active.data?.contacts ?? []).reduce((sum, contact) => sum + contact.unread_count, 0)
  useEffect(() => {
    setUnreadInTitle(unread)
  }, [unread])
  useEffect(() => () => setUnreadInTitle(0), [])
}
