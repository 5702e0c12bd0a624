import { LoaderCircle } from 'lucide-react'
import { Button } from '#web/components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx'

type RekindleDialogProps = {
  /** the contact to rekindle; the dialog is open while one is given */
  name: string | null
  pending: boolean
  onCancel: () => void
  onConfirm: () => void
}

/** "Rekindle with {name}" (docs/product/circle.md): confirms bringing a contact back into the circle. */
export function RekindleDialog({ name, pending, onCancel, onConfirm }: RekindleDialogProps) {
  return (
    <Dialog
      open={name !== null}
      onOpenChange={(open) => {
        if (!open && !pending) onCancel()
      }}
    >
      <DialogContent data-slot="rekindle-dialog" showCloseButton={!pending}>
        <DialogHeader>
          <DialogTitle>{`Rekindle with ${name ?? ''}`}</DialogTitle>
          <DialogDescription>
            {`Restore ${name ?? ''} to your active contacts and reopen your conversation. All your previous messages will still be available.`}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" disabled={pending} onClick={onCancel}>
            Cancel
          </Button>
          <Button disabled={pending} onClick={onConfirm}>
            {pending && <LoaderCircle aria-hidden className="animate-spin" />}
            {pending ? 'Rekindling...' : 'Rekindle Connection'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
