import { CONTACT_TEXTS } from '#shared/contacts-texts.ts'
import { SOURCE_LOCALE } from '#shared/locales.ts'
import { HEALTH_TEXTS, RECENT_MEETINGS, type CreateMeeting, type Meeting, type RelationshipHealth } from '#shared/relationship-health.ts'
import type { Database, Executor } from '#server/db/client.ts'
import { ValidationError, NotFoundError } from '#server/http/errors.ts'
import { intlOfPerson, type ServerIntl } from '#server/i18n/i18n.ts'
import { getContactForOwner } from '#server/modules/contacts/contacts.queries.ts'
import { publishRealtime } from '#server/realtime/realtime.publisher.ts'
import { computeHealth, isHealthText, renderHealthText, type PairHistory } from './health-score.ts'
import {
  countMeetings,
  getAnalytics,
  insertMeeting,
  listRecentMeetings,
  lockPairHealth,
  readPairForHealth,
  upsertAnalytics,
  type MeetingRow,
} from './relationship-health.queries.ts'

/**
 * A date has no time: a meeting counts from the first moment its date exists anywhere on Earth (midnight at UTC+14).
 * So a meeting noted "today" counts at once wherever the person lives (noon UTC left it out every morning in UTC).
 */
const meetingInstant = (metOn: string) => new Date(`${metOn}T00:00:00+14:00`)

/**
 * Recomputes both people's views of their relationship inside the caller's transaction: called whenever a message
 * between them is read, liked or analysed, and when either notes a meeting (decision 75); a send refreshes it after
 * its commit (`refreshHealthAfterChange`, decision 176). It reads only this pair's messages (through the pair index);
 * pages never compute, they read the stored row. Answers the views it refreshed (each person's row for the other).
 */
export async function refreshRelationshipHealth(tx: Executor, a: string, b: string, now: Date = new Date()) {
  await lockPairHealth(tx, a, b)
  // read after the lock: the last refresh to write has seen every message committed before it
  const { views, history: rows } = await readPairForHealth(tx, a, b)
  if (views.length === 0) return views
  const computed = views.map((view) => {
    const history: PairHistory = {
      messages: rows.map((r) => ({
        fromMe: r.senderId === view.userId,
        at: r.createdAt,
        sentiment: r.sentiment,
        emotions: r.emotions,
        topics: r.topics,
        liked: r.liked,
      })),
      meetings: view.meetings.map((d) => ({ at: meetingInstant(d) })),
    }
    const health = computeHealth(history, now, view.name)
    return {
      contactId: view.id,
      userId: view.userId,
      score: health.score,
      trend: health.trend,
      fallback: health.fallback,
      messageCount: health.messageCount,
      emotionsTracked: health.emotionsTracked,
      avgSentiment: health.averageSentiment,
      lastMessageAt: health.lastMessageAt,
      usualGapSeconds: health.usualGapSeconds,
      details: {
        insights: health.insights,
        tips: health.tips,
        insightTexts: health.insightTexts.map(({ title, description }) => ({ title, description })),
        tipTexts: health.tipTexts,
        topEmotions: health.topEmotions,
        topTopics: health.topTopics,
        activity: health.activity,
      },
      computedAt: now,
    }
  })
  await upsertAnalytics(tx, computed)
  return views
}

/**
 * The pair's health recomputed in a transaction of its own, after a change committed elsewhere (a send), and each
 * person's screens told to read it again: everyone of the pair but someone who blocked the other's request, who is
 * told nothing of it, as of the message.
 */
export async function refreshHealthAfterChange(db: Database, a: string, b: string): Promise<void> {
  await db.transaction(async (tx) => {
    const views = await refreshRelationshipHealth(tx, a, b)
    // each person but someone who blocked the other's request; the events leave together at the commit (decision 182)
    for (const view of views) {
      if (view.requestStatus === 'blocked') continue
      await publishRealtime(tx, [view.userId], { type: 'health.changed', contact_id: view.id })
    }
  })
}

export function toMeetingResponse(row: MeetingRow): Meeting {
  return {
    id: row.id,
    met_on: row.metOn,
    duration_minutes: row.durationSeconds === null ? null : Math.round(row.durationSeconds / 60),
    note: row.note,
  }
}

/**
 * The insights' and tips' words in the reader's language (decision 223), from the texts kept with them; a row computed
 * before they were kept, or holding a text this build does not know, keeps its English until it is computed again.
 */
function inLanguage(
  intl: ServerIntl,
  details: NonNullable<Awaited<ReturnType<typeof getAnalytics>>>['details'],
): Pick<RelationshipHealth, 'insights' | 'tips'> {
  const { insights, tips, insightTexts, tipTexts } = details
  const known = (texts: { id: string }[]) => texts.every(isHealthText)
  if (intl.locale === SOURCE_LOCALE || !insightTexts || !tipTexts || insightTexts.length !== insights.length) return { insights, tips }
  if (!known(tipTexts) || !known(insightTexts.flatMap((t) => [t.title, t.description]))) return { insights, tips }
  return {
    insights: insights.map((insight, i) => {
      const texts = insightTexts[i]
      return texts && isHealthText(texts.title) && isHealthText(texts.description)
        ? { ...insight, title: renderHealthText(intl, texts.title), description: renderHealthText(intl, texts.description) }
        : insight
    }),
    tips: tipTexts.filter(isHealthText).map((text) => renderHealthText(intl, text)),
  }
}

export function createRelationshipHealthService({ db, now = () => new Date() }: { db: Database; now?: () => Date }) {
  async function ownContact(ownerId: string, contactId: string) {
    const contact = await getContactForOwner(db, ownerId, contactId)
    // someone else's contact answers exactly as a missing one does
    if (!contact) throw new NotFoundError(CONTACT_TEXTS.notFound)
    return contact
  }

  return {
    /** The caller's own view of one relationship; 404 for anyone else's contact. */
    async get(ownerId: string, contactId: string): Promise<RelationshipHealth> {
      await ownContact(ownerId, contactId)
      const [row, meetingsCount, recent] = await Promise.all([
        getAnalytics(db, contactId),
        countMeetings(db, contactId),
        listRecentMeetings(db, contactId, RECENT_MEETINGS),
      ])
      const base = {
        contact_id: contactId,
        meetings_count: meetingsCount,
        recent_meetings: recent.map(toMeetingResponse),
      }
      if (!row) {
        // nothing exchanged and nothing noted yet: the spec's fallback for zero messages
        return {
          ...base,
          score: 50,
          trend: 'stable',
          fallback: true,
          message_count: 0,
          emotions_tracked: 0,
          insights: [],
          tips: [],
          top_emotions: [],
          top_topics: [],
          activity: [],
          computed_at: null,
        }
      }
      return {
        ...base,
        score: row.score,
        trend: row.trend,
        fallback: row.fallback,
        message_count: row.messageCount,
        emotions_tracked: row.emotionsTracked,
        ...inLanguage(await intlOfPerson(db, ownerId), row.details),
        top_emotions: row.details.topEmotions,
        top_topics: row.details.topTopics,
        activity: row.details.activity,
        computed_at: row.computedAt.toISOString(),
      }
    },

    /** "We met": a meeting in person on a day that has begun; it counts in the caller's own score. */
    async addMeeting(ownerId: string, contactId: string, input: CreateMeeting): Promise<Meeting> {
      const contact = await ownContact(ownerId, contactId)
      const at = now()
      // a date later than today everywhere on Earth (UTC+14) has not happened yet
      if (meetingInstant(input.met_on) > at) {
        throw new ValidationError(HEALTH_TEXTS.meetingInFuture)
      }
      return db.transaction(async (tx) => {
        const row = await insertMeeting(tx, {
          userId: ownerId,
          contactId,
          metOn: input.met_on,
          durationSeconds: input.duration_minutes ? input.duration_minutes * 60 : null,
          note: input.note ? input.note : null,
        })
        if (contact.contactUserId) await refreshRelationshipHealth(tx, ownerId, contact.contactUserId, at)
        return toMeetingResponse(row)
      })
    },
  }
}

export type RelationshipHealthService = ReturnType<typeof createRelationshipHealthService>
