import { FormattedMessage, useIntl } from 'react-intl'
import { useKnownText } from '#web/i18n/known-texts.ts'
import { useState } from 'react'
import { toast } from '#web/lib/toast.ts'
import { defaultProfileName, profileUpdateSchema } from '#shared/profile.ts'
import { Avatar } from '#web/components/avatar.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { Field, FieldError, fieldAria } from '#web/components/ui/field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Label } from '#web/components/ui/label.tsx'
import { useProfileQuery, useUpdateProfileMutation } from '#web/resources/profiles/queries.ts'
import { errorMessage } from '#web/lib/errors.ts'
import { useAuth } from '#web/lib/use-auth.ts'
import { parseField } from '#web/lib/zod-form.ts'

/**
 * Your name: the one your circle sees and, since the server renames the account with it, the one mails greet.
 * The form starts from the stored name and keeps what you typed until you save it.
 */
export function NameSection() {
  const { user } = useAuth()
  const profile = useProfileQuery()
  const update = useUpdateProfileMutation()
  const stored = profile.data?.name ?? defaultProfileName(user?.name, user?.email)
  const [draft, setDraft] = useState<string | null>(null)
  const [error, setError] = useState<string>()
  const value = draft ?? stored
  const intl = useIntl()
  const known = useKnownText()

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const parsed = parseField(profileUpdateSchema.shape.name, value)
    if (parsed.error !== undefined) return setError(known(parsed.error))
    setError(undefined)
    update.mutate(
      { name: parsed.data },
      {
        onSuccess: () => {
          setDraft(null)
          toast.success(intl.formatMessage({ id: 'settings.name.saved', defaultMessage: 'Profile Updated' }))
        },
        onError: (failure) =>
          toast.error(intl.formatMessage({ id: 'settings.name.failed', defaultMessage: 'Update Failed' }), {
            description: errorMessage(failure),
          }),
      },
    )
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <FormattedMessage id="settings.name.title" defaultMessage="Your name" />
        </CardTitle>
        <CardDescription>
          <FormattedMessage
            id="settings.name.description"
            defaultMessage="The name your circle sees, and the one our e-mails greet you with."
          />
        </CardDescription>
      </CardHeader>
      <CardContent>
        {profile.isError && (
          <p role="alert" className="mb-3 text-sm text-destructive-text">
            <FormattedMessage id="settings.name.loadFailed" defaultMessage="Profile Error: Failed to load profile data" />{' '}
            <Button variant="link" className="h-auto p-0" onClick={() => void profile.refetch()}>
              <FormattedMessage id="common.retry" defaultMessage="Retry" />
            </Button>
          </p>
        )}
        <form className="flex items-end gap-4" onSubmit={onSubmit} noValidate>
          <Avatar name={stored} src={profile.data?.profile_picture_url} alt="" size="lg" />
          <Field className="min-w-0 flex-1">
            <Label htmlFor="profile-name">
              <FormattedMessage id="settings.name.label" defaultMessage="Name" />
            </Label>
            <div className="flex gap-2">
              <Input
                {...fieldAria('profile-name', error)}
                value={value}
                maxLength={100}
                autoComplete="name"
                disabled={!profile.data}
                onChange={(event) => setDraft(event.target.value)}
              />
              <Button type="submit" disabled={!profile.data || update.isPending || value.trim() === stored}>
                {update.isPending ? (
                  <FormattedMessage id="common.saving" defaultMessage="Saving..." />
                ) : (
                  <FormattedMessage id="common.save" defaultMessage="Save" />
                )}
              </Button>
            </div>
            <FieldError id="profile-name-error">{error}</FieldError>
          </Field>
        </form>
        {profile.data?.email && (
          <p className="mt-3 truncate text-sm text-muted-foreground">
            <FormattedMessage id="settings.name.signedInAs" defaultMessage="Signed in as {email}" values={{ email: profile.data.email }} />
          </p>
        )}
      </CardContent>
    </Card>
  )
}
