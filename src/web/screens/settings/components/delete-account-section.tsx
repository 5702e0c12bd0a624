import { FormattedMessage, useIntl } from 'react-intl'
import { Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { toast } from '#web/lib/toast.ts'
import { z } from 'zod/mini'
import { DELETE_ACCOUNT_CONFIRMATION } from '#shared/account.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { Field } from '#web/components/ui/field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Label } from '#web/components/ui/label.tsx'
import { ACCOUNT_DELETED_PATH, accountDeletion } from '#web/lib/account-deletion.ts'
import { apiSend } from '#web/lib/api-client.ts'
import { logUnexpected } from '#web/lib/errors.ts'
import { useAuth } from '#web/lib/use-auth.ts'
import { NextOwnerNote } from './next-owner-note.tsx'

/**
 * Delete my account (decision 60): the button stays disabled until the confirmation word is typed. Afterwards the
 * session is gone with the account; the person lands on a page that says so, and signing out clears what the page
 * still holds.
 */
export function DeleteAccountSection() {
  const { signOut } = useAuth()
  const navigate = useNavigate()
  const [typed, setTyped] = useState('')
  const [deleting, setDeleting] = useState(false)
  const intl = useIntl()

  const onDelete = async () => {
    setDeleting(true)
    accountDeletion.begin()
    try {
      await apiSend('DELETE', '/api/account', { confirmation: typed }, z.undefined())
    } catch (error) {
      accountDeletion.end()
      logUnexpected(error, 'account deletion failed')
      toast.error(intl.formatMessage({ id: 'settings.delete.failed', defaultMessage: 'Could not delete your account. Please try again.' }))
      setDeleting(false)
      return
    }
    // a calm page says it is done (decision 120); the server ended the session with the account, and signing out
    // only clears the page's state and cookie
    await navigate(ACCOUNT_DELETED_PATH, { replace: true })
    await signOut().catch(() => undefined)
  }

  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle>
          <FormattedMessage id="settings.delete.title" defaultMessage="Delete my account" />
        </CardTitle>
        <CardDescription>
          <FormattedMessage
            id="settings.delete.description"
            defaultMessage="What you sent stays with the people you sent it to: they can still listen to it, under your name. Your account, photos, welcome message, the messages you received and your circle are removed."
          />
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <NextOwnerNote />
        <form
          className="flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault()
            void onDelete()
          }}
        >
          <Field>
            <Label htmlFor="delete-confirmation">
              <FormattedMessage
                id="settings.delete.confirmLabel"
                defaultMessage="Type {word} to confirm"
                values={{ word: DELETE_ACCOUNT_CONFIRMATION }}
              />
            </Label>
            <Input id="delete-confirmation" autoComplete="off" value={typed} onChange={(event) => setTyped(event.target.value)} />
          </Field>
          <Button type="submit" variant="destructive" className="self-start" disabled={typed !== DELETE_ACCOUNT_CONFIRMATION || deleting}>
            <Trash2 aria-hidden />
            {deleting ? (
              <FormattedMessage id="settings.delete.deleting" defaultMessage="Deleting..." />
            ) : (
              <FormattedMessage id="settings.delete.button" defaultMessage="Delete my account" />
            )}
          </Button>
        </form>
      </CardContent>
    </Card>
  )
}
