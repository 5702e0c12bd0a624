import { useEffect } from 'react'
import { useIntl, type MessageDescriptor } from 'react-intl'
import { useBlocker } from 'react-router'
import { Button } from '#web/components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx'

const LEAVE_MESSAGES = {
  title: { id: 'recorder.leave.title', defaultMessage: 'Leave your recording?' },
  body: {
    id: 'recorder.leave.body',
    defaultMessage: 'It stays on this device as an unsent message to {name}: you can send it from your conversation later.',
  },
  stay: { id: 'recorder.leave.stay', defaultMessage: 'Stay' },
  leave: { id: 'recorder.leave.leave', defaultMessage: 'Leave' },
} satisfies Record<string, MessageDescriptor>

/**
 * Leaving a screen with a take asks first: the app's dialog for a link inside the app, the browser's own
 * for a reload or closing the tab. Leaving keeps the take as a draft; `onLeave` stops a recording first.
 */
export function LeaveGuard({ active, name, onLeave }: { active: boolean; name: string; onLeave: () => void }) {
  const intl = useIntl()
  const blocker = useBlocker(({ currentLocation, nextLocation }) => active && currentLocation.pathname !== nextLocation.pathname)
  useEffect(() => {
    if (!active) return
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', onBeforeUnload)
    return () => window.removeEventListener('beforeunload', onBeforeUnload)
  }, [active])
  return (
    <Dialog open={blocker.state === 'blocked'} onOpenChange={(open) => !open && blocker.reset?.()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{intl.formatMessage(LEAVE_MESSAGES.title)}</DialogTitle>
          <DialogDescription>{intl.formatMessage(LEAVE_MESSAGES.body, { name })}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => blocker.reset?.()}>
            {intl.formatMessage(LEAVE_MESSAGES.stay)}
          </Button>
          <Button
            onClick={() => {
              onLeave()
              blocker.proceed?.()
            }}
          >
            {intl.formatMessage(LEAVE_MESSAGES.leave)}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
