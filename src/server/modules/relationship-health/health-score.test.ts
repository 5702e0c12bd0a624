import { describe, expect, it } from 'vitest'
import {
  fallbackHealthScore,
  healthEmoji,
  healthStatus,
  MIN_MESSAGES_TO_JUDGE,
  RHYTHM_MIN_EXCHANGES,
  RHYTHM_MIN_SPAN_DAYS,
} from '#shared/relationship-health.ts'
import {
  balanceSentence,
  computeHealth,
  healthScore,
  healthTrend,
  isGoingQuiet,
  trendBetween,
  TREND_STEP,
  type HistoryMessage,
  type PairHistory,
} from './health-score.ts'

const NOW = new Date('2026-06-01T12:00:00Z')
const DAY = 24 * 3600_000
const daysAgo = (d: number) => new Date(NOW.getTime() - d * DAY)
const msg = (d: number, fromMe: boolean, extra: Partial<HistoryMessage> = {}): HistoryMessage => ({
  fromMe,
  at: daysAgo(d),
  sentiment: 0.6,
  emotions: ['joy'],
  topics: ['family'],
  liked: false,
  ...extra,
})

/** Alternating messages every `gap` days from `from` days ago to `to` days ago. */
function conversation(from: number, to: number, gap: number, extra: Partial<HistoryMessage> = {}): HistoryMessage[] {
  const out: HistoryMessage[] = []
  let mine = true
  for (let d = from; d >= to; d -= gap) {
    out.push(msg(d, mine, extra))
    mine = !mine
  }
  return out
}

const warm: PairHistory = {
  messages: conversation(120, 1, 2, { liked: true, sentiment: 0.8 }),
  meetings: [{ at: daysAgo(10) }],
}
/** I send three messages every three days for each one of theirs (the most the app allows unanswered). */
const oneSided: PairHistory = {
  messages: Array.from({ length: 24 }, (_, i) => msg(72 - i * 3, i % 4 !== 3, { liked: i % 6 === 0 })),
  meetings: [],
}
const goingQuiet: PairHistory = { messages: conversation(120, 18, 2), meetings: [] }
const brandNew: PairHistory = { messages: [msg(1, true), msg(0.5, false)], meetings: [] }

describe('health score', () => {
  it('a warm balanced pair that meets scores Excellent and keeps its heart green', () => {
    const { score, fallback } = healthScore(warm, NOW)
    expect(fallback).toBe(false)
    expect(score).toBeGreaterThanOrEqual(90)
    expect(healthStatus(score).word).toBe('Excellent')
    expect(healthEmoji(score)).toBe('💚')
    expect(healthTrend(warm, NOW)).toBe('stable')
  })

  it('a one-sided pair scores lower, and its tip says who has been reaching out', () => {
    const warmScore = healthScore(warm, NOW).score
    const { score } = healthScore(oneSided, NOW)
    expect(score).toBeLessThan(warmScore - 20)
    const { tips } = computeHealth(oneSided, NOW, 'Bob')
    expect(tips.length).toBeGreaterThanOrEqual(2)
    expect(tips.some((t) => /^You sent \d+ of your last \d+ messages/.test(t))).toBe(true)
  })

  it('a pair going quiet loses recency and trends down; a tip names the gap against their rhythm', () => {
    const { score } = healthScore(goingQuiet, NOW)
    expect(score).toBeLessThan(60)
    expect(healthTrend(goingQuiet, NOW)).toBe('declining')
    const { tips } = computeHealth(goingQuiet, NOW, 'Bob')
    expect(tips.some((t) => t.startsWith("It's been 18 days, about 9 times your usual gap"))).toBe(true)
    expect(tips.some((t) => t.includes('in the last 4 weeks, down from about'))).toBe(true)
  })

  it('a brand-new pair gets the spec fallback, stable, and two tips true for it', () => {
    const health = computeHealth(brandNew, NOW, 'Bob')
    expect(health).toMatchObject({ score: 52, fallback: true, trend: 'stable', messageCount: 2 })
    expect(health.tips[0]).toBe('Bob sent the last message: a reply from you keeps it going.')
    expect(health.tips.length).toBeGreaterThanOrEqual(2)
  })

  it('returning after a silence trends up', () => {
    const back: PairHistory = { messages: [...conversation(120, 40, 2), ...conversation(10, 0, 1)], meetings: [] }
    expect(healthTrend(back, NOW)).toBe('improving')
  })

  it('judges from exactly MIN_MESSAGES_TO_JUDGE messages, falls back one below', () => {
    const history = (n: number): PairHistory => ({ messages: conversation(n, 1, 1).slice(-n), meetings: [] })
    expect(healthScore(history(MIN_MESSAGES_TO_JUDGE - 1), NOW).fallback).toBe(true)
    expect(healthScore(history(MIN_MESSAGES_TO_JUDGE), NOW).fallback).toBe(false)
  })

  it('a meeting in person adds to the score', () => {
    const without = healthScore({ ...warm, meetings: [] }, NOW).score
    expect(healthScore(warm, NOW).score).toBe(without + 5)
  })
})

describe('fallback and thresholds', () => {
  it('is 50 plus the count, the count capped at 45 and the total at 95', () => {
    expect(fallbackHealthScore(0)).toBe(50)
    expect(fallbackHealthScore(5)).toBe(55)
    expect(fallbackHealthScore(45)).toBe(95)
    expect(fallbackHealthScore(200)).toBe(95)
  })

  it.each([
    [100, 'Excellent', 'green', '💚'],
    [80, 'Excellent', 'green', '💚'],
    [79, 'Good', 'yellow', '💛'],
    [60, 'Good', 'yellow', '💛'],
    [59, 'Fair', 'orange', '💔'],
    [40, 'Fair', 'orange', '💔'],
    [39, 'Needs Attention', 'red', '💔'],
    [0, 'Needs Attention', 'red', '💔'],
  ])('%i is %s (%s, %s)', (score, word, tone, emoji) => {
    expect(healthStatus(score)).toEqual({ word, tone })
    expect(healthEmoji(score)).toBe(emoji)
  })
})

describe('trend at its edges', () => {
  const judged = (score: number) => ({ score, fallback: false })
  it.each([
    [60 + TREND_STEP, 'improving'],
    [60 + TREND_STEP - 1, 'stable'],
    [60, 'stable'],
    [60 - TREND_STEP + 1, 'stable'],
    [60 - TREND_STEP, 'declining'],
  ])('from 60 to %i is %s', (now, trend) => {
    expect(trendBetween(judged(now), judged(60))).toBe(trend)
  })

  it('is stable while either score is the fallback, however far it moved', () => {
    expect(trendBetween({ score: 95, fallback: true }, judged(40))).toBe('stable')
    expect(trendBetween(judged(20), { score: 90, fallback: true })).toBe('stable')
  })
})

describe('the rest of the view', () => {
  it('counts top emotions and topics, weekly activity over 12 weeks and the insights', () => {
    const history: PairHistory = {
      messages: [
        msg(20, true, { emotions: ['joy', 'calm'], topics: ['work'] }),
        msg(13, false, { emotions: ['joy'], topics: ['work', 'music'] }),
        msg(6, true, { emotions: ['worry'], topics: ['work'] }),
        msg(5, false, { emotions: ['joy'], topics: ['music'] }),
        msg(2, true, { emotions: [], topics: [] }),
        msg(1, false, { emotions: ['calm'], topics: [] }),
        msg(200, true), // outside the chart
      ].sort((a, b) => a.at.getTime() - b.at.getTime()),
      meetings: [],
    }
    const view = computeHealth(history, NOW, 'Bob')
    expect(view.topEmotions).toEqual([
      { name: 'joy', count: 4 },
      { name: 'calm', count: 2 },
      { name: 'worry', count: 1 },
    ])
    expect(view.topTopics[0]).toEqual({ name: 'work', count: 3 })
    expect(view.emotionsTracked).toBe(3)
    expect(view.activity).toHaveLength(12)
    expect(view.activity.map((w) => w.messages).slice(-3)).toEqual([1, 1, 4])
    expect(view.activity.reduce((s, w) => s + w.messages, 0)).toBe(6)
    expect(view.insights.map((i) => i.title)).toEqual(['Balance', 'Responsiveness', 'Rhythm', 'Warmth'])
    expect(view.insights[0]?.description).toBe('Of your last 7 messages, you sent 4 and Bob sent 3.')
  })

  it('speaks of one message answered as one message, not "1 of 1 messages"', () => {
    const firstExchange: PairHistory = { messages: [msg(1, true), msg(0.9, false)], meetings: [] }
    const view = computeHealth(firstExchange, NOW, 'Bob')
    expect(view.insights.find((i) => i.title === 'Responsiveness')?.description).toBe('1 of 1 message got an answer within 3 days.')
  })
})

describe('rhythm (decision 210)', () => {
  const speaksOfRhythm = (history: PairHistory) => {
    const view = computeHealth(history, NOW, 'Bob')
    const texts = [...view.insights.map((i) => `${i.title}: ${i.description}`), ...view.tips]
    return texts.some((text) => /usual|Rhythm/.test(text))
  }

  it('says nothing of a rhythm in a lively first day: eight messages in one afternoon are not "every 1 day"', () => {
    const afternoon: PairHistory = { messages: Array.from({ length: 8 }, (_, i) => msg(1 - i * 0.02, i % 2 === 0)), meetings: [] }
    expect(healthScore(afternoon, NOW).fallback).toBe(false)
    expect(speaksOfRhythm(afternoon)).toBe(false)
  })

  it(`waits for ${RHYTHM_MIN_SPAN_DAYS} days between the first and the last message`, () => {
    const almost: PairHistory = { messages: conversation(RHYTHM_MIN_SPAN_DAYS - 0.5, 0.5, 1), meetings: [] }
    expect(speaksOfRhythm(almost)).toBe(false)
    const enough: PairHistory = { messages: conversation(RHYTHM_MIN_SPAN_DAYS + 0.5, 0.5, 1), meetings: [] }
    expect(speaksOfRhythm(enough)).toBe(true)
    expect(computeHealth(enough, NOW, 'Bob').insights.find((i) => i.title === 'Rhythm')?.description).toBe(
      'Your last exchange was 1 day ago; you usually talk every 1 day.',
    )
  })

  it(`and for ${RHYTHM_MIN_EXCHANGES} turns passed between them, not one person talking alone`, () => {
    // three weeks, but only one answer in it
    const lopsided: PairHistory = {
      messages: [msg(21, true), msg(18, true), msg(15, true), msg(12, false), msg(9, false), msg(6, false), msg(3, false)],
      meetings: [],
    }
    expect(speaksOfRhythm(lopsided)).toBe(false)
  })
})

describe('going quiet', () => {
  const HOUR = 3600
  it('needs twice the usual gap and at least a week', () => {
    const last = daysAgo(7)
    // a daily pair: a week of silence is past twice its gap, and exactly the week
    expect(isGoingQuiet(last, 24 * HOUR, NOW)).toBe(true)
    expect(isGoingQuiet(new Date(last.getTime() + 1000), 24 * HOUR, NOW)).toBe(false)
    // a pair that talks every 5 days is quiet only after 10
    expect(isGoingQuiet(daysAgo(9.9), 5 * 24 * HOUR, NOW)).toBe(false)
    expect(isGoingQuiet(daysAgo(10), 5 * 24 * HOUR, NOW)).toBe(true)
    // no rhythm yet, nothing to compare
    expect(isGoingQuiet(daysAgo(30), null, NOW)).toBe(false)
    expect(isGoingQuiet(null, null, NOW)).toBe(false)
  })
})

describe('balanceSentence', () => {
  it('is right for one message, for one side alone and for a mix', () => {
    expect(balanceSentence(0, 1, 'Bob')).toBe('The last message came from Bob.')
    expect(balanceSentence(1, 0, 'Bob')).toBe('The last message was yours.')
    expect(balanceSentence(3, 0, 'Bob')).toBe('You sent all of your last 3 messages.')
    expect(balanceSentence(0, 2, 'Bob')).toBe('Bob sent all of your last 2 messages.')
    expect(balanceSentence(4, 3, 'Bob')).toBe('Of your last 7 messages, you sent 4 and Bob sent 3.')
  })
})
