import { Ban } from 'lucide-react'
import { MESSAGE_REQUEST_TEXTS } from '#shared/message-requests-texts.ts'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '#web/components/ui/alert-dialog.tsx'
import { buttonVariants } from '#web/components/ui/button.tsx'

type BlockRequestDialogProps = {
  /** the requester to block; the dialog is open while one is given */
  name: string | null
  onCancel: () => void
  onConfirm: () => void
}

/**
 * "Block {name}?" (decision 203): Block sits beside Ignore on a request, so it asks once, says what it does and where
 * it is undone. Cancel has the focus first.
 */
export function BlockRequestDialog({ name, onCancel, onConfirm }: BlockRequestDialogProps) {
  return (
    <AlertDialog
      open={name !== null}
      onOpenChange={(open) => {
        if (!open) onCancel()
      }}
    >
      <AlertDialogContent data-slot="block-request-dialog">
        <AlertDialogHeader>
          <AlertDialogTitle>{MESSAGE_REQUEST_TEXTS.blockConfirmTitle(name ?? '')}</AlertDialogTitle>
          <AlertDialogDescription>{MESSAGE_REQUEST_TEXTS.blockConfirmBody}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{MESSAGE_REQUEST_TEXTS.blockCancel}</AlertDialogCancel>
          <AlertDialogAction className={buttonVariants({ variant: 'destructive' })} onClick={onConfirm}>
            <Ban aria-hidden />
            {MESSAGE_REQUEST_TEXTS.blockConfirm}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
