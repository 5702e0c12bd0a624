import { FormattedMessage, useIntl } from 'react-intl'
import { Heart, Link2, Mail, Search } from 'lucide-react'
import { MAX_ACTIVE_CONTACTS } from '#shared/limits.ts'
import { PageHeader, PageLayout } from '#web/components/page-layout.tsx'
import { YourInvitations } from '#web/resources/invitations/components/your-invitations.tsx'
import { usePageMeta } from '#web/lib/page-meta.ts'
import { MethodTile } from './components/method-tile.tsx'

/** /contacts/add: the add-contact hub (docs/product/invitations.md): three ways to add someone and 'Your invitations'. */
export function AddContactPage() {
  const intl = useIntl()
  usePageMeta({ title: intl.formatMessage({ id: 'addContact.pageTitle', defaultMessage: 'Add to your circle - Hearth' }) })

  return (
    <PageLayout className="gap-8 sm:pt-4" header={<PageHeader back="/" />}>
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">
          <FormattedMessage id="addContact.title" defaultMessage="Add to your circle" />
        </h1>
        <p className="max-w-prose text-muted-foreground">
          <FormattedMessage id="addContact.intro" defaultMessage="Choose how you'd like to reach someone you want to hear from." />
        </p>
      </div>

      <section aria-labelledby="methods-heading" className="flex flex-col gap-3">
        <h2 id="methods-heading" className="sr-only">
          <FormattedMessage id="addContact.methods" defaultMessage="Ways to add someone" />
        </h2>
        <ul className="grid gap-4 sm:grid-cols-3">
          <li>
            <MethodTile
              icon={Mail}
              title={intl.formatMessage({ id: 'addContact.email.title', defaultMessage: 'Send email invitation' })}
              description={intl.formatMessage({
                id: 'addContact.email.description',
                defaultMessage: 'Invite someone by email, with a short voice message from you.',
              })}
              to="/contacts/add/email"
            />
          </li>
          <li>
            <MethodTile
              icon={Link2}
              title={intl.formatMessage({ id: 'addContact.link.title', defaultMessage: 'Share invite link' })}
              description={intl.formatMessage({
                id: 'addContact.link.description',
                defaultMessage: 'Make a personal link to send however you like, with your voice.',
              })}
              to="/contacts/add/link"
            />
          </li>
          <li>
            <MethodTile
              icon={Search}
              title={intl.formatMessage({ id: 'directory.title', defaultMessage: 'Find on Hearth' })}
              description={intl.formatMessage({
                id: 'addContact.directory.description',
                defaultMessage: 'Already on Hearth? Search for them by name or email.',
              })}
              to="/contacts/add/directory"
            />
          </li>
        </ul>
      </section>

      <aside className="flex gap-4 rounded-2xl border border-primary/20 bg-accent/60 p-5 text-accent-foreground">
        <Heart aria-hidden className="mt-0.5 size-5 shrink-0" />
        <div className="flex flex-col gap-1">
          <p className="font-semibold">
            <FormattedMessage id="addContact.keepSmall" defaultMessage="Keep your circle small" />
          </p>
          <p className="text-sm">
            <FormattedMessage
              id="addContact.keepSmall.body"
              defaultMessage="Hearth works best with 5-10 people you truly want to hear from. Your circle holds up to {max} active contacts."
              values={{ max: MAX_ACTIVE_CONTACTS }}
            />
          </p>
        </div>
      </aside>

      <section aria-labelledby="invitations-heading" className="flex flex-col gap-3">
        <h2 id="invitations-heading" className="text-lg font-semibold tracking-tight">
          <FormattedMessage id="addContact.invitations" defaultMessage="Your invitations" />
        </h2>
        <YourInvitations />
      </section>
    </PageLayout>
  )
}
