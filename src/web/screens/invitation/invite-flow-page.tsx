import { Copy, Link2, Mail, Send, Share2 } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl'
import { toast } from '#web/lib/toast.ts'
import { IconBadge } from '#web/components/icon-badge.tsx'
import { PageHeader, PageLayout } from '#web/components/page-layout.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx'
import { Field } from '#web/components/ui/field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Label } from '#web/components/ui/label.tsx'
import { Textarea } from '#web/components/ui/textarea.tsx'
import { useUploadAudioMutation } from '#web/resources/recording/queries.ts'
import { usePageMeta } from '#web/lib/page-meta.ts'
import { useErrorMessage } from '#web/lib/errors.ts'
import { useRecorder } from '#web/resources/recording/use-recorder.ts'
import { toastRecorderError } from '#web/resources/recording/components/recorder-states.tsx'
import { InviteRecorder } from './components/invite-recorder.tsx'
import { useCreateShareLinkMutation, useSendEmailInvitationMutation } from '#web/resources/invitations/queries.ts'

type Kind = 'email' | 'link'

const COPY = {
  email: {
    icon: Mail,
    ...defineMessages({
      title: { id: 'invitation.flow.email.title', defaultMessage: 'Send email invitation' },
      intro: { id: 'invitation.flow.email.intro', defaultMessage: "We'll e-mail them a link to your voice message and to Hearth." },
      action: { id: 'invitation.flow.email.action', defaultMessage: 'Send invitation' },
      busy: { id: 'invitation.flow.email.busy', defaultMessage: 'Sending...' },
      pageTitle: { id: 'invitation.flow.email.pageTitle', defaultMessage: 'Send email invitation - Hearth' },
    }),
  },
  link: {
    icon: Link2,
    ...defineMessages({
      title: { id: 'invitation.flow.link.title', defaultMessage: 'Share invite link' },
      intro: { id: 'invitation.flow.link.intro', defaultMessage: 'Make a personal link with your voice, to send however you like.' },
      action: { id: 'invitation.flow.link.action', defaultMessage: 'Create link' },
      busy: { id: 'invitation.flow.link.busy', defaultMessage: 'Creating...' },
      pageTitle: { id: 'invitation.flow.link.pageTitle', defaultMessage: 'Share invite link - Hearth' },
    }),
  },
} as const

const TOASTS = {
  linkCopied: { id: 'invitation.flow.linkCopied', defaultMessage: 'Link copied!' },
  copyFailed: { id: 'invitation.flow.copyFailed', defaultMessage: 'Could not copy the link' },
  copyFailedBody: { id: 'invitation.flow.copyFailed.body', defaultMessage: 'Select it and copy it by hand.' },
  sent: { id: 'invitation.flow.sent', defaultMessage: 'Invitation Sent' },
  sentBody: { id: 'invitation.flow.sent.body', defaultMessage: 'We e-mailed your invitation to {email}.' },
  linkCreated: { id: 'invitation.flow.linkCreated', defaultMessage: 'Link created' },
  sendFailed: { id: 'invitation.flow.sendFailed', defaultMessage: 'Failed to send invitation' },
  linkFailed: { id: 'invitation.flow.linkFailed', defaultMessage: 'Failed to create share link' },
  tryAgain: { id: 'invitation.flow.tryAgain', defaultMessage: 'Please try again' },
} satisfies Record<string, MessageDescriptor>

/** 'Your invite link is ready!': Copy Link, the system share sheet where there is one, Done. */
function LinkReadyDialog({ url, onDone }: { url: string; onDone: () => void }) {
  const intl = useIntl()
  const inputId = useId()
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url)
      toast.success(intl.formatMessage(TOASTS.linkCopied))
    } catch {
      toast.error(intl.formatMessage(TOASTS.copyFailed), { description: intl.formatMessage(TOASTS.copyFailedBody) })
    }
  }
  const shareTitle = intl.formatMessage({ id: 'invitation.flow.shareTitle', defaultMessage: 'Join me on Hearth' })
  const share = () => void navigator.share?.({ title: shareTitle, url }).catch(() => undefined)
  return (
    <Dialog open onOpenChange={(open) => !open && onDone()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            <FormattedMessage id="invitation.flow.ready.title" defaultMessage="Your invite link is ready!" />
          </DialogTitle>
          <DialogDescription>
            <FormattedMessage
              id="invitation.flow.ready.description"
              defaultMessage="Send it to them however you like. It works once and for 7 days."
            />
          </DialogDescription>
        </DialogHeader>
        <Label htmlFor={inputId} className="sr-only">
          <FormattedMessage id="invitation.flow.ready.label" defaultMessage="Invite link" />
        </Label>
        <Input id={inputId} readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
        <DialogFooter className="gap-2 sm:gap-2">
          {typeof navigator.share === 'function' && (
            <Button variant="outline" onClick={share}>
              <Share2 aria-hidden />
              <FormattedMessage id="invitation.flow.ready.share" defaultMessage="Share" />
            </Button>
          )}
          <Button variant="outline" onClick={() => void copy()}>
            <Copy aria-hidden />
            <FormattedMessage id="invitation.flow.ready.copy" defaultMessage="Copy Link" />
          </Button>
          <Button onClick={onDone}>
            <FormattedMessage id="invitation.flow.ready.done" defaultMessage="Done" />
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

/**
 * /contacts/add/email and /contacts/add/link (docs/product/invitations.md): details, then the personal message (required),
 * then send. The recording is uploaded like a message's and the invitation consumes it.
 */
export function InviteFlowPage({ kind }: { kind: Kind }) {
  const copy = COPY[kind]
  const intl = useIntl()
  const errorMessage = useErrorMessage()
  usePageMeta({ title: intl.formatMessage(copy.pageTitle) })
  const navigate = useNavigate()
  const [step, setStep] = useState<'details' | 'record'>('details')
  const [email, setEmail] = useState('')
  const [note, setNote] = useState('')
  const [name, setName] = useState('')
  const [shareUrl, setShareUrl] = useState<string | null>(null)
  const recorder = useRecorder({ onError: toastRecorderError })
  const upload = useUploadAudioMutation()
  const sendEmail = useSendEmailInvitationMutation()
  const createLink = useCreateShareLinkMutation()
  const busy = upload.isPending || sendEmail.isPending || createLink.isPending
  const ids = { email: useId(), note: useId(), name: useId() }
  const detailsReady = kind === 'email' ? email.trim() !== '' : name.trim() !== ''
  const Icon = copy.icon

  const next = (event: FormEvent) => {
    event.preventDefault()
    if (detailsReady) setStep('record')
  }

  const submit = async () => {
    if (!recorder.recording || busy) return
    try {
      const stored = await upload.mutateAsync({ blob: recorder.recording.blob })
      if (kind === 'email') {
        await sendEmail.mutateAsync({ email: email.trim(), upload_id: stored.upload_id, ...(note.trim() ? { note: note.trim() } : {}) })
        toast.success(intl.formatMessage(TOASTS.sent), { description: intl.formatMessage(TOASTS.sentBody, { email: email.trim() }) })
        void navigate('/contacts/add')
      } else {
        const created = await createLink.mutateAsync({ recipient_name: name.trim(), upload_id: stored.upload_id })
        toast.success(intl.formatMessage(TOASTS.linkCreated))
        setShareUrl(created.share_url)
      }
    } catch (error) {
      const description = errorMessage(error, intl.formatMessage(TOASTS.tryAgain))
      toast.error(intl.formatMessage(kind === 'email' ? TOASTS.sendFailed : TOASTS.linkFailed), { description })
    }
  }

  return (
    <PageLayout className="gap-6" header={<PageHeader back="/contacts/add" />}>
      <div className="flex items-start gap-3">
        <IconBadge className="shrink-0">
          <Icon aria-hidden />
        </IconBadge>
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{intl.formatMessage(copy.title)}</h1>
          <p className="text-muted-foreground">{intl.formatMessage(copy.intro)}</p>
        </div>
      </div>
      <p className="text-sm font-medium text-muted-foreground">
        <FormattedMessage
          id="invitation.flow.step"
          defaultMessage="Step {step} of {total}"
          values={{ step: step === 'details' ? 1 : 2, total: 2 }}
        />
      </p>

      {step === 'details' ? (
        <form onSubmit={next} className="flex flex-col gap-4 rounded-2xl border bg-card p-5 shadow-sm">
          {kind === 'email' ? (
            <>
              <Field>
                <Label htmlFor={ids.email}>
                  <FormattedMessage id="invitation.flow.email.label" defaultMessage="Their e-mail" />
                </Label>
                <Input id={ids.email} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} required />
              </Field>
              <Field>
                <Label htmlFor={ids.note}>
                  <FormattedMessage id="invitation.flow.note.label" defaultMessage="A note (optional)" />
                </Label>
                <Textarea id={ids.note} value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
              </Field>
            </>
          ) : (
            <Field>
              <Label htmlFor={ids.name}>
                <FormattedMessage id="invitation.flow.name.label" defaultMessage="Who is it for?" />
              </Label>
              <Input id={ids.name} value={name} maxLength={100} onChange={(e) => setName(e.target.value)} required />
            </Field>
          )}
          <Button type="submit" size="lg" disabled={!detailsReady}>
            <FormattedMessage id="invitation.flow.next" defaultMessage="Next" />
          </Button>
        </form>
      ) : (
        <section aria-labelledby="record-heading" className="flex flex-col gap-4">
          <div className="flex flex-col gap-1">
            <h2 id="record-heading" className="text-lg font-semibold">
              <FormattedMessage id="invitation.flow.record.title" defaultMessage="Record a personal message" />
            </h2>
            <p className="text-sm text-muted-foreground">
              <FormattedMessage
                id="invitation.flow.record.intro"
                defaultMessage="So {name} knows this really comes from you. A minute or two is plenty."
                values={{ name: kind === 'email' ? email.trim() : name.trim() }}
              />
            </p>
          </div>
          <InviteRecorder recorder={recorder} disabled={busy} />
          <div className="grid grid-cols-2 gap-2">
            <Button variant="outline" onClick={() => setStep('details')} disabled={busy || recorder.status === 'recording'}>
              <FormattedMessage id="common.back" defaultMessage="Back" />
            </Button>
            <Button onClick={() => void submit()} disabled={!recorder.recording || recorder.status !== 'recorded' || busy}>
              <Send aria-hidden />
              {intl.formatMessage(busy ? copy.busy : copy.action)}
            </Button>
          </div>
        </section>
      )}
      {shareUrl && <LinkReadyDialog url={shareUrl} onDone={() => void navigate('/contacts/add')} />}
    </PageLayout>
  )
}

export const EmailInvitePage = () => <InviteFlowPage kind="email" />
export const LinkInvitePage = () => <InviteFlowPage kind="link" />
