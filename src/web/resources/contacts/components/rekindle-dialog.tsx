import { FormattedMessage } from 'react-intl'
import { LoaderCircle } from 'lucide-react'
import { useRef } from 'react'
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
  // the dialog opens from a row's or a tile's button, not from a Radix trigger: focus goes back to that button on close
  // while it is still there (a rekindled tile is not; then the screen's heading takes focus, docs/decisions/126-*.md)
  const opener = useRef<HTMLElement | null>(null)
  return (
    <Dialog
      open={name !== null}
      onOpenChange={(open) => {
        if (!open && !pending) onCancel()
      }}
    >
      <DialogContent
        data-slot="rekindle-dialog"
        showCloseButton={!pending}
        onOpenAutoFocus={() => {
          opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
        }}
        onCloseAutoFocus={(event) => {
          if (!opener.current?.isConnected) return
          event.preventDefault()
          opener.current.focus()
        }}
      >
        <DialogHeader>
          <DialogTitle>
            <FormattedMessage id="contacts.rekindleDialog.title" defaultMessage="Rekindle with {name}" values={{ name: name ?? '' }} />
          </DialogTitle>
          <DialogDescription>
            <FormattedMessage
              id="contacts.rekindleDialog.description"
              defaultMessage="Restore {name} to your active contacts and reopen your conversation. All your previous messages will still be available."
              values={{ name: name ?? '' }}
            />
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" disabled={pending} onClick={onCancel}>
            <FormattedMessage id="common.cancel" defaultMessage="Cancel" />
          </Button>
          <Button disabled={pending} onClick={onConfirm}>
            {pending && <LoaderCircle aria-hidden className="animate-spin" />}
            {pending ? (
              <FormattedMessage id="contacts.rekindleDialog.pending" defaultMessage="Rekindling..." />
            ) : (
              <FormattedMessage id="contacts.rekindleDialog.confirm" defaultMessage="Rekindle Connection" />
            )}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
