import type * as React from 'react'
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { toast } from '#web/lib/toast.ts'
import { Button } from '#web/components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '#web/components/ui/dialog.tsx'
import { Field, FieldError } from '#web/components/ui/field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Label } from '#web/components/ui/label.tsx'
import { Textarea } from '#web/components/ui/textarea.tsx'
import { useCreateMeetingMutation } from '../queries.ts'

const today = () => {
  const now = new Date()
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10)
}

/** "We met": notes a meeting in person (date, optional duration in minutes and note). */
export function WeMetDialog({ contactId, name }: { contactId: string; name: string }) {
  const [open, setOpen] = useState(false)
  const [metOn, setMetOn] = useState(today)
  const [minutes, setMinutes] = useState('')
  const [note, setNote] = useState('')
  const create = useCreateMeetingMutation(contactId)
  const intl = useIntl()
  const error = create.error?.message

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    const duration = minutes.trim() === '' ? null : Math.round(Number(minutes))
    create.mutate(
      { met_on: metOn, duration_minutes: duration, note: note.trim() || null },
      {
        onSuccess: () => {
          toast.success(intl.formatMessage({ id: 'health.meeting.saved', defaultMessage: 'Meeting saved' }))
          setOpen(false)
          setMinutes('')
          setNote('')
          create.reset()
        },
      },
    )
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <FormattedMessage id="health.meeting.open" defaultMessage="We met" />
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={submit} className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>
              <FormattedMessage id="health.meeting.title" defaultMessage="You met {name}" values={{ name }} />
            </DialogTitle>
            <DialogDescription>
              <FormattedMessage id="health.meeting.description" defaultMessage="Meeting in person counts in your relationship health." />
            </DialogDescription>
          </DialogHeader>
          <Field>
            <Label htmlFor="met-on">
              <FormattedMessage id="health.meeting.date" defaultMessage="Date" />
            </Label>
            <Input id="met-on" type="date" required max={today()} value={metOn} onChange={(e) => setMetOn(e.target.value)} />
          </Field>
          <Field>
            <Label htmlFor="met-minutes">
              <FormattedMessage id="health.meeting.minutes" defaultMessage="Duration in minutes (optional)" />
            </Label>
            <Input
              id="met-minutes"
              type="number"
              inputMode="numeric"
              min={1}
              max={1440}
              value={minutes}
              onChange={(e) => setMinutes(e.target.value)}
            />
          </Field>
          <Field>
            <Label htmlFor="met-note">
              <FormattedMessage id="health.meeting.note" defaultMessage="Note (optional)" />
            </Label>
            <Textarea id="met-note" maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
          </Field>
          {error && (
            <FieldError>
              {intl.formatMessage({ id: 'health.meeting.failed', defaultMessage: 'Failed to save meeting: {error}' }, { error })}
            </FieldError>
          )}
          <DialogFooter>
            <Button type="submit" disabled={create.isPending}>
              <FormattedMessage id="health.meeting.save" defaultMessage="Save meeting" />
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
