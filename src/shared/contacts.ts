import { z } from 'zod/mini'
import { CONTACT_TEXTS } from './contacts-texts.ts'

/** A contact as the API returns it: one direction of a relationship, seen by its owner. */
export const contactSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** the linked person's picture; null means the client draws a generated avatar seeded by name */
  avatar_url: z.nullable(z.string()),
  contact_user_id: z.nullable(z.string()),
  display_order: z.int(),
  last_interaction: z.string(),
  last_reply_from_them: z.nullable(z.string()),
  consecutive_messages_sent: z.int(),
  archived_at: z.nullable(z.string()),
  /** the person deleted their account: the row is archived, read-only, and keeps the name they had (decision 120) */
  account_deleted: z.boolean(),
  is_active: z.boolean(),
  /** whole days since their last reply once that reaches the inactivity threshold, else null */
  inactive_days: z.nullable(z.int()),
  unread_count: z.int(),
  /** the linked person has a realtime connection open now and shares their presence with you (decision 24) */
  is_online: z.boolean(),
})
export type Contact = z.infer<typeof contactSchema>

export const contactStatusSchema = z.enum(['active', 'inactive', 'archived'])
export type ContactStatus = z.infer<typeof contactStatusSchema>

export const contactListQuerySchema = z.object({ status: z._default(contactStatusSchema, 'active') })
export const contactListSchema = z.object({ contacts: z.array(contactSchema) })
export type ContactList = z.infer<typeof contactListSchema>

export const contactIdParamsSchema = z.object({ id: z.uuid(CONTACT_TEXTS.notFound) })

export const reorderContactsSchema = z.object({
  contact_ids: z.array(z.uuid()).check(
    z.minLength(1, 'Give at least one contact'),
    z.maxLength(100),
    z.refine((ids) => new Set(ids).size === ids.length, 'Each contact may appear only once'),
  ),
})

/** The spec's archive_contact(contact_id, should_archive). */
export const archiveContactSchema = z.object({ should_archive: z.boolean() })

export const connectSchema = z.object({ user_id: z.string().check(z.minLength(1), z.maxLength(100)) })
export const connectResultSchema = z.object({ contact: contactSchema, created: z.boolean() })
export type ConnectResult = z.infer<typeof connectResultSchema>

/**
 * Merges duplicates by case-insensitive name (docs/product/circle.md), keeping the first-seen order.
 * An entry linked to a real user wins over an unlinked one, then the most recent interaction wins.
 * Two entries linked to different people are both real and are never merged (decision 14).
 */
export function mergeDuplicateContacts<T extends Pick<Contact, 'id' | 'name' | 'contact_user_id' | 'last_interaction'>>(
  contacts: readonly T[],
): T[] {
  const groups = new Map<string, T[]>()
  for (const contact of contacts) {
    const key = contact.name.trim().toLowerCase()
    const group = groups.get(key)
    if (group) group.push(contact)
    else groups.set(key, [contact])
  }
  const kept = new Set<string>()
  for (const group of groups.values()) {
    const linked = group.filter((c) => c.contact_user_id !== null)
    if (linked.length > 0) {
      // one entry per distinct linked person, the most recent one when the same person appears twice
      const byPerson = new Map<string, T>()
      for (const c of linked) {
        const seen = byPerson.get(c.contact_user_id as string)
        if (!seen || c.last_interaction > seen.last_interaction) byPerson.set(c.contact_user_id as string, c)
      }
      for (const c of byPerson.values()) kept.add(c.id)
    } else {
      const newest = group.reduce((a, b) => (b.last_interaction > a.last_interaction ? b : a))
      kept.add(newest.id)
    }
  }
  return contacts.filter((c) => kept.has(c.id))
}
