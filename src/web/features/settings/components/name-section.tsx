import { useState } from 'react'
import { toast } from '#web/lib/toast.ts'
import { defaultProfileName, profileUpdateSchema, SETTINGS_TEXTS } from '#shared/profile.ts'
import { Avatar } from '#web/components/avatar.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { Field, FieldError, fieldAria } from '#web/components/ui/field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Label } from '#web/components/ui/label.tsx'
import { useProfileQuery, useUpdateProfileMutation } from '#web/features/profile/queries.ts'
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

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const parsed = parseField(profileUpdateSchema.shape.name, value)
    if (parsed.error !== undefined) return setError(parsed.error)
    setError(undefined)
    update.mutate(
      { name: parsed.data },
      {
        onSuccess: () => {
          setDraft(null)
          toast.success(SETTINGS_TEXTS.profileUpdated)
        },
        onError: (failure) => toast.error(SETTINGS_TEXTS.updateFailed, { description: errorMessage(failure) }),
      },
    )
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{SETTINGS_TEXTS.nameTitle}</CardTitle>
        <CardDescription>{SETTINGS_TEXTS.nameDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        {profile.isError && (
          <p role="alert" className="mb-3 text-sm text-destructive-text">
            {SETTINGS_TEXTS.profileErrorTitle}: {SETTINGS_TEXTS.profileError}{' '}
            <Button variant="link" className="h-auto p-0" onClick={() => void profile.refetch()}>
              Retry
            </Button>
          </p>
        )}
        <form className="flex items-end gap-4" onSubmit={onSubmit} noValidate>
          <Avatar name={stored} src={profile.data?.profile_picture_url} alt="" size="lg" />
          <Field className="min-w-0 flex-1">
            <Label htmlFor="profile-name">{SETTINGS_TEXTS.nameLabel}</Label>
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
                {update.isPending ? 'Saving...' : 'Save'}
              </Button>
            </div>
            <FieldError id="profile-name-error">{error}</FieldError>
          </Field>
        </form>
        {profile.data?.email && <p className="mt-3 truncate text-sm text-muted-foreground">Signed in as {profile.data.email}</p>}
      </CardContent>
    </Card>
  )
}
