import { FormattedMessage } from 'react-intl'
import { Ban } from 'lucide-react'
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
import { REQUEST_MESSAGES } from '../request-messages.ts'

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
          <AlertDialogTitle>
            <FormattedMessage {...REQUEST_MESSAGES.blockConfirmTitle} values={{ name: name ?? '' }} />
          </AlertDialogTitle>
          <AlertDialogDescription>
            <FormattedMessage {...REQUEST_MESSAGES.blockConfirmBody} />
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>
            <FormattedMessage id="common.cancel" defaultMessage="Cancel" />
          </AlertDialogCancel>
          <AlertDialogAction className={buttonVariants({ variant: 'destructive' })} onClick={onConfirm}>
            <Ban aria-hidden />
            <FormattedMessage {...REQUEST_MESSAGES.block} />
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
