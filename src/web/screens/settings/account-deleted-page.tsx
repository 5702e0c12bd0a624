import { Check, CircleCheck } from 'lucide-react'
import { useEffect } from 'react'
import { ACCOUNT_TEXTS } from '#shared/account.ts'
import { NoticePage } from '#web/components/notice-page.tsx'
import { accountDeletion } from '#web/lib/account-deletion.ts'
import { usePageMeta } from '#web/lib/page-meta.ts'

/**
 * /account-deleted: where Delete my account ends (decision 120), signed out. It says that it is done and what
 * went, instead of dropping the person on the landing without a word.
 */
export function AccountDeletedPage() {
  usePageMeta({ title: 'Account deleted - Hearth' })
  // arrived: a later sign-out on this page (a new account, say) goes to the landing again
  useEffect(() => accountDeletion.end(), [])
  return (
    <NoticePage
      icon={CircleCheck}
      title={ACCOUNT_TEXTS.deletedTitle}
      description={ACCOUNT_TEXTS.deletedIntro}
      action={{ to: '/', label: ACCOUNT_TEXTS.deletedHome }}
    >
      <ul aria-label="What was removed" className="flex flex-col gap-2 text-sm">
        {ACCOUNT_TEXTS.deletedRemoved.map((item) => (
          <li key={item} className="flex items-start gap-2">
            <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-primary-strong" />
            {item}
          </li>
        ))}
      </ul>
      <p className="text-sm text-muted-foreground">{ACCOUNT_TEXTS.deletedOthers}</p>
    </NoticePage>
  )
}
