import { FormattedMessage, useIntl } from 'react-intl'
import { ExternalLink } from 'lucide-react'
import { Link } from 'react-router'
import { PageHeader, PageLayout } from '#web/components/page-layout.tsx'
import { buttonVariants } from '#web/components/ui/button.tsx'
import { NudgeSettingsCard } from '#web/resources/relationship-health/components/nudge-settings-card.tsx'
import { usePageMeta } from '#web/lib/page-meta.ts'
import { useAuth } from '#web/lib/use-auth.ts'
import { NotificationsCard } from '#web/resources/notifications/components/notifications-card.tsx'
import { BlockedPeopleEntry } from './components/blocked-people-entry.tsx'
import { DeleteAccountSection } from './components/delete-account-section.tsx'
import { LanguageSection } from './components/language-section.tsx'
import { DevicesSection } from './components/devices-section.tsx'
import { ExportSection } from './components/export-section.tsx'
import { NameSection } from './components/name-section.tsx'
import { PeopleEntry } from './components/people-entry.tsx'
import { PasswordSection } from './components/password-section.tsx'
import { PhotoManager } from './components/photo-manager.tsx'
import { PrivacySection } from './components/privacy-section.tsx'
import { SignOutButton } from './components/sign-out-button.tsx'
import { WelcomeSettingsSection } from './components/welcome-section.tsx'

/** /settings (docs/product/settings.md): Back to /, 'Preview Public Profile', then one section component per setting, and Sign Out. */
export function SettingsPage() {
  const intl = useIntl()
  usePageMeta({ title: intl.formatMessage({ id: 'settings.pageTitle', defaultMessage: 'Settings - Hearth' }) })
  const { user } = useAuth()

  return (
    <PageLayout
      className="gap-4"
      header={
        <PageHeader
          back="/"
          title={intl.formatMessage({ id: 'settings.title', defaultMessage: 'Settings' })}
          actions={
            user && (
              <Link to={`/u/${user.id}`} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
                <ExternalLink aria-hidden />
                <FormattedMessage id="settings.previewProfile" defaultMessage="Preview Public Profile" />
              </Link>
            )
          }
        />
      }
    >
      <NameSection />
      <LanguageSection />
      <PhotoManager />
      <WelcomeSettingsSection />
      <NotificationsCard />
      <NudgeSettingsCard />
      <PrivacySection />
      <BlockedPeopleEntry />
      <PeopleEntry />
      <PasswordSection />
      <DevicesSection />
      <ExportSection />
      <SignOutButton />
      <DeleteAccountSection />
    </PageLayout>
  )
}
