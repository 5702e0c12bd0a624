/**
 * The two tips of the playback screen's AI Insights card (docs/product/playback.md: 3 emotions, 3 topics and 2
 * tips). Nothing else says where tips come from; they are written here from the message's own analysis only
 * (its emotion labels, topic labels and sentiment score), so a tip never states anything the analysis did not find.
 * Each is one short, kind sentence with one concrete thing to do.
 */

export const TIPS_PER_MESSAGE = 2

export type TipInput = {
  emotions: readonly string[]
  topics: readonly string[]
  /** -1..1 from the analysis; null when not analysed */
  sentiment: number | null | undefined
  /** whether the listener received the message (tips about replying) or sent it (tips about what comes next) */
  received: boolean
}

/** Feelings that ask for a gentle answer first. */
const TENDER = new Set(['sad', 'lonely', 'stressed', 'anxious', 'angry', 'frustrated', 'tired', 'apologetic', 'worried', 'scared', 'hurt'])
/** Feelings about good things happening. */
const BRIGHT = new Set(['happy', 'excited', 'proud', 'amused', 'hopeful', 'determined', 'surprised'])
/** Feelings about the two of you. */
const WARM = new Set(['loving', 'grateful', 'caring', 'nostalgic'])

/** Sentiment beyond these counts as leaning heavy or bright. */
const HEAVY_BELOW = -0.2
const BRIGHT_ABOVE = 0.2

const label = (value: string | undefined) => value?.trim().toLowerCase() || undefined

function emotionTip(emotion: string, received: boolean): string {
  if (received) {
    if (TENDER.has(emotion)) return `They sound ${emotion}. Start your reply by saying you heard that, before anything else.`
    if (WARM.has(emotion)) return `They sound ${emotion}. Tell them one thing you value about them.`
    if (BRIGHT.has(emotion)) return `They sound ${emotion}. Tell them which part you enjoyed hearing most.`
    if (emotion === 'calm') return 'They sound calm. An unhurried reply, in your own time, fits well.'
    return `They sound ${emotion}. Ask how they feel about it now.`
  }
  if (TENDER.has(emotion)) return `You sounded ${emotion}. It is fine to say so plainly; give them time to answer.`
  if (WARM.has(emotion) || BRIGHT.has(emotion)) return `You sounded ${emotion}. Listen for what they pick up on when they reply.`
  return `You sounded ${emotion}. Notice whether their reply matches that mood.`
}

function topicTip(topic: string, received: boolean): string {
  return received
    ? `They brought up ${topic}. Ask one open question about it in your reply.`
    : `You brought up ${topic}. When they answer, listen for what they say about it.`
}

function sentimentTip(sentiment: number, received: boolean): string | undefined {
  if (sentiment < HEAVY_BELOW) {
    return received ? 'The message leans heavy. A short, gentle reply today helps more than a perfect one later.' : undefined
  }
  if (sentiment > BRIGHT_ABOVE) {
    return received
      ? 'The message leans bright. Reply while the mood is fresh.'
      : 'The message leans bright. Good moments are worth sharing often.'
  }
  return undefined
}

const FALLBACK = {
  received: ['Listen all the way through before you reply.', 'Pick one thing they said and answer that first.'],
  sent: ['Give them time to listen and reply.', 'A short follow-up later keeps the conversation warm.'],
} as const

/**
 * Two tips from the analysis, in this order of preference: one from the first emotion, one from the first topic,
 * one from a clearly heavy or bright sentiment, then calm general advice. Never two alike.
 */
export function playbackTips({ emotions, topics, sentiment, received }: TipInput): [string, string] {
  const tips: string[] = []
  const add = (tip: string | undefined) => {
    if (tip && !tips.includes(tip) && tips.length < TIPS_PER_MESSAGE) tips.push(tip)
  }
  const emotion = label(emotions[0])
  const topic = label(topics[0])
  if (emotion) add(emotionTip(emotion, received))
  if (topic) add(topicTip(topic, received))
  if (typeof sentiment === 'number' && Number.isFinite(sentiment)) add(sentimentTip(sentiment, received))
  for (const tip of received ? FALLBACK.received : FALLBACK.sent) add(tip)
  return [tips[0]!, tips[1]!]
}
