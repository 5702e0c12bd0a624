import {
  ADMIN_TEXTS,
  AUDIT_KEPT_DAYS,
  AUDIT_SHOWN,
  RESEND_CONFIRMATION_SECONDS,
  type AdminOverview,
  type AuditAction,
  type HearthRole,
  type SignUpMode,
} from '#shared/admin.ts'
import { ERROR_CODES } from '#shared/error-codes.ts'
import type { SessionUser } from '#server/auth/session.ts'
import type { Database, Executor } from '#server/db/client.ts'
import { ConflictError, DomainError, ForbiddenError, NotFoundError, ValidationError } from '#server/http/errors.ts'
import type { DiskGuard } from '#server/media/disk-space.ts'
import { invitationAdmits } from '#server/modules/invitations/invitations.service.ts'
import {
  claimFirstAccount,
  deleteAuditRowsBefore,
  deleteSessionsOfUser,
  getAccount,
  getStoredSignUpMode,
  getSuccessorName,
  hasAnyAccount,
  insertAuditRow,
  isAccountDisabled,
  listAccounts,
  listRecentAudit,
  markDisabled,
  resentSince,
  resolveOwnerId,
  storeSignUpMode,
  unmarkDisabled,
} from './admin.queries.ts'

export type AdminServiceDeps = {
  db: Database
  /** DATA_DIR's free space: the owner's page says when it is under the floor */
  disk: Pick<DiskGuard, 'read'>
  /** SIGNUP_MODE from the environment: when set it pins the mode, and the owner's choice waits until it is unset */
  pinnedMode: SignUpMode | undefined
  /** the account module's deletion, so an account the owner deletes goes by the same rules as one deleted by its person */
  deleteAccount: (userId: string) => Promise<void>
  /** queues a new confirmation mail to an unconfirmed address (Better Auth makes the link) */
  sendConfirmation: (email: string) => Promise<void>
  /** closes the realtime sockets of sessions that no longer exist */
  onSessionsEnded: () => Promise<unknown>
  now?: () => Date
}

type Actor = Pick<SessionUser, 'id' | 'name'>

/** One row of the audit log: who did what to which account. */
const auditAction = (executor: Executor, actor: Actor, action: AuditAction, target: { id: string; name: string }) =>
  insertAuditRow(executor, { actorId: actor.id, actorName: actor.name, action, targetId: target.id, targetName: target.name })

/**
 * Who may make an account and who may keep a session: what auth asks at sign-up and sign-in. It needs only the
 * database, so it is built before auth, and the admin service (which needs auth to resend a confirmation) after both.
 */
export function createSignUpGate({ db, pinnedMode }: Pick<AdminServiceDeps, 'db' | 'pinnedMode'>) {
  const signUpMode = async (): Promise<SignUpMode> => pinnedMode ?? (await getStoredSignUpMode(db))
  return {
    signUpMode,

    /**
     * Whether a sign-up with `email` may make an account (decisions 162, 193, 194): always in the open mode; otherwise
     * with the token of a usable invitation that admits this address, or as the first account of a Hearth with none
     * (its person becomes the owner). With `claim` (the sign-up is about to make the account), a link invitation is
     * claimed for the address in either mode, and the first account for one address only, each in one statement, so
     * concurrent sign-ups cannot both pass. Without it nothing is written.
     */
    async admitsSignUp({ inviteToken, email, claim }: { inviteToken: string | null; email: string; claim: boolean }): Promise<boolean> {
      const open = (await signUpMode()) === 'open'
      if (inviteToken !== null && (await invitationAdmits(db, inviteToken, email, claim))) return true
      if (open) return true
      return claim ? claimFirstAccount(db, email.trim().toLowerCase()) : !(await hasAnyAccount(db))
    },

    /** a disabled account signs in to nothing, and its sessions end */
    isDisabled: (userId: string) => isAccountDisabled(db, userId),
  }
}

/**
 * Who may join, and the owner's care of the accounts (decision 162). Every action is the owner's alone (403 for
 * anyone else), never on the owner's own account, and writes a row of the audit log.
 */
export function createAdminService({
  db,
  disk,
  pinnedMode,
  deleteAccount,
  sendConfirmation,
  onSessionsEnded,
  now = () => new Date(),
}: AdminServiceDeps) {
  const { signUpMode } = createSignUpGate({ db, pinnedMode })

  const requireOwner = async (actor: Actor): Promise<string> => {
    const ownerId = await resolveOwnerId(db)
    if (ownerId !== actor.id) throw new ForbiddenError(ADMIN_TEXTS.notOwner)
    return ownerId
  }

  /** The account the owner acts on: it exists, and it is not the owner's own. */
  const targetOf = async (actor: Actor, targetId: string) => {
    await requireOwner(actor)
    if (targetId === actor.id) throw new ValidationError(ADMIN_TEXTS.notYourself)
    const target = await getAccount(db, targetId)
    if (!target) throw new NotFoundError(ADMIN_TEXTS.accountNotFound)
    return target
  }

  return {
    signUpMode,

    /** What the landing and the sign-up form go by: open while no account exists, whatever the mode says. */
    async publicSignUpMode(): Promise<SignUpMode> {
      const mode = await signUpMode()
      return mode === 'open' || !(await hasAnyAccount(db)) ? 'open' : 'invitation'
    },

    /** Whether this person runs the Hearth (health shows them the disk's figures). */
    isOwner: async (userId: string) => (await resolveOwnerId(db)) === userId,

    async role(actor: Actor): Promise<HearthRole> {
      const owner = (await resolveOwnerId(db)) === actor.id
      return { owner, next_owner_name: owner ? await getSuccessorName(db, actor.id) : null }
    },

    async overview(actor: Actor): Promise<AdminOverview> {
      const ownerId = await requireOwner(actor)
      const [accounts, audit, mode, reading] = await Promise.all([
        listAccounts(db),
        listRecentAudit(db, AUDIT_SHOWN),
        signUpMode(),
        disk.read().catch(() => null),
      ])
      return {
        accounts: accounts.map((row) => ({
          id: row.id,
          name: row.name,
          email: row.email,
          joined_at: row.createdAt.toISOString(),
          confirmed: row.emailVerified,
          disabled: row.disabledAt !== null,
          owner: row.id === ownerId,
        })),
        sign_up: { mode, pinned: pinnedMode !== undefined },
        disk: reading && { free_bytes: reading.freeBytes, floor_bytes: reading.floorBytes, low: reading.low },
        audit: audit.map((row) => ({
          id: row.id,
          actor_name: row.actorName,
          action: row.action,
          target_name: row.targetName,
          detail: row.detail,
          at: row.createdAt.toISOString(),
        })),
      }
    },

    async setSignUpMode(actor: Actor, mode: SignUpMode): Promise<void> {
      await requireOwner(actor)
      if (pinnedMode !== undefined) throw new ConflictError(ADMIN_TEXTS.signUpPinnedRefused)
      await db.transaction(async (tx) => {
        if ((await getStoredSignUpMode(tx)) === mode) return
        await storeSignUpMode(tx, mode)
        await insertAuditRow(tx, { actorId: actor.id, actorName: actor.name, action: 'sign_up_mode.changed', detail: mode })
      })
    },

    /** The account cannot sign in any more: its sessions end and its open tabs are closed; its data stays. */
    async disable(actor: Actor, targetId: string): Promise<void> {
      const target = await targetOf(actor, targetId)
      await db.transaction(async (tx) => {
        await markDisabled(tx, target.id)
        await deleteSessionsOfUser(tx, target.id)
        await auditAction(tx, actor, 'account.disabled', target)
      })
      await onSessionsEnded()
    },

    async enable(actor: Actor, targetId: string): Promise<void> {
      const target = await targetOf(actor, targetId)
      await db.transaction(async (tx) => {
        await unmarkDisabled(tx, target.id)
        await auditAction(tx, actor, 'account.enabled', target)
      })
    },

    async deleteAccount(actor: Actor, targetId: string): Promise<void> {
      const target = await targetOf(actor, targetId)
      await deleteAccount(target.id)
      // written once the deletion committed: the log never claims a deletion that did not happen. The row keeps the
      // name the person had and not their id, as the deletion left every other row of the log (decision 201).
      await insertAuditRow(db, { actorId: actor.id, actorName: actor.name, action: 'account.deleted', targetName: target.name })
    },

    /** The scheduled sweep: the log's rows older than AUDIT_KEPT_DAYS go (decision 201); answers how many. */
    expireAuditLog: () => deleteAuditRowsBefore(db, new Date(now().getTime() - AUDIT_KEPT_DAYS * 86_400_000)),

    async resendConfirmation(actor: Actor, targetId: string): Promise<void> {
      const target = await targetOf(actor, targetId)
      if (target.emailVerified) throw new ConflictError(ADMIN_TEXTS.alreadyConfirmed)
      const since = new Date(now().getTime() - RESEND_CONFIRMATION_SECONDS * 1000)
      if (await resentSince(db, target.id, since)) throw new DomainError(429, ERROR_CODES.rateLimited, ADMIN_TEXTS.resendTooSoon)
      await auditAction(db, actor, 'confirmation.resent', target)
      await sendConfirmation(target.email)
    },
  }
}
export type AdminService = ReturnType<typeof createAdminService>
