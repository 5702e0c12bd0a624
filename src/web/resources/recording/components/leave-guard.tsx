import { useEffect } from 'react'
import { useBlocker } from 'react-router'
import { Button } from '#web/components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx'

export const LEAVE_TEXTS = {
  title: 'Leave your recording?',
  body: (name: string) => `It stays on this device as an unsent message to ${name}: you can send it from your conversation later.`,
  stay: 'Stay',
  leave: 'Leave',
} as const

/**
 * Leaving a screen with a take asks first: the app's dialog for a link inside the app, the browser's own
 * for a reload or closing the tab. Leaving keeps the take as a draft; `onLeave` stops a recording first.
 */
export function LeaveGuard({ active, name, onLeave }: { active: boolean; name: string; onLeave: () => void }) {
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
          <DialogTitle>{LEAVE_TEXTS.title}</DialogTitle>
          <DialogDescription>{LEAVE_TEXTS.body(name)}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => blocker.reset?.()}>
            {LEAVE_TEXTS.stay}
          </Button>
          <Button
            onClick={() => {
              onLeave()
              blocker.proceed?.()
            }}
          >
            {LEAVE_TEXTS.leave}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
