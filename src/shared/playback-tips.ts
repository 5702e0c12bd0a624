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

/**
 * Which tip, without its words: the screen writes each in the reader's language (the web's insights card), and
 * `playbackTips` in English from `TIP_ENGLISH`. `emotion` and `topic` are the analysis labels the tip names.
 */
export type PlaybackTip = { kind: PlaybackTipKind; emotion?: string; topic?: string }
export type PlaybackTipKind = keyof typeof TIP_ENGLISH

/** The English of each tip, `{emotion}` and `{topic}` standing for the label. */
const TIP_ENGLISH = {
  receivedTender: 'They sound {emotion}. Start your reply by saying you heard that, before anything else.',
  receivedWarm: 'They sound {emotion}. Tell them one thing you value about them.',
  receivedBright: 'They sound {emotion}. Tell them which part you enjoyed hearing most.',
  receivedCalm: 'They sound calm. An unhurried reply, in your own time, fits well.',
  receivedOther: 'They sound {emotion}. Ask how they feel about it now.',
  sentTender: 'You sounded {emotion}. It is fine to say so plainly; give them time to answer.',
  sentWarm: 'You sounded {emotion}. Listen for what they pick up on when they reply.',
  sentOther: 'You sounded {emotion}. Notice whether their reply matches that mood.',
  receivedTopic: 'They brought up {topic}. Ask one open question about it in your reply.',
  sentTopic: 'You brought up {topic}. When they answer, listen for what they say about it.',
  receivedHeavy: 'The message leans heavy. A short, gentle reply today helps more than a perfect one later.',
  receivedBrightMood: 'The message leans bright. Reply while the mood is fresh.',
  sentBrightMood: 'The message leans bright. Good moments are worth sharing often.',
  receivedListen: 'Listen all the way through before you reply.',
  receivedPickOne: 'Pick one thing they said and answer that first.',
  sentGiveTime: 'Give them time to listen and reply.',
  sentFollowUp: 'A short follow-up later keeps the conversation warm.',
} as const

function emotionTip(emotion: string, received: boolean): PlaybackTip {
  if (received) {
    if (TENDER.has(emotion)) return { kind: 'receivedTender', emotion }
    if (WARM.has(emotion)) return { kind: 'receivedWarm', emotion }
    if (BRIGHT.has(emotion)) return { kind: 'receivedBright', emotion }
    if (emotion === 'calm') return { kind: 'receivedCalm', emotion }
    return { kind: 'receivedOther', emotion }
  }
  if (TENDER.has(emotion)) return { kind: 'sentTender', emotion }
  if (WARM.has(emotion) || BRIGHT.has(emotion)) return { kind: 'sentWarm', emotion }
  return { kind: 'sentOther', emotion }
}

function topicTip(topic: string, received: boolean): PlaybackTip {
  return { kind: received ? 'receivedTopic' : 'sentTopic', topic }
}

function sentimentTip(sentiment: number, received: boolean): PlaybackTip | undefined {
  if (sentiment < HEAVY_BELOW) return received ? { kind: 'receivedHeavy' } : undefined
  if (sentiment > BRIGHT_ABOVE) return { kind: received ? 'receivedBrightMood' : 'sentBrightMood' }
  return undefined
}

const FALLBACK: Record<'received' | 'sent', PlaybackTip[]> = {
  received: [{ kind: 'receivedListen' }, { kind: 'receivedPickOne' }],
  sent: [{ kind: 'sentGiveTime' }, { kind: 'sentFollowUp' }],
}

const sameTip = (a: PlaybackTip, b: PlaybackTip) => a.kind === b.kind && a.emotion === b.emotion && a.topic === b.topic

/**
 * Two tips from the analysis, in this order of preference: one from the first emotion, one from the first topic,
 * one from a clearly heavy or bright sentiment, then calm general advice. Never two alike.
 */
export function playbackTipsOf({ emotions, topics, sentiment, received }: TipInput): [PlaybackTip, PlaybackTip] {
  const tips: PlaybackTip[] = []
  const add = (tip: PlaybackTip | undefined) => {
    if (tip && !tips.some((known) => sameTip(known, tip)) && tips.length < TIPS_PER_MESSAGE) tips.push(tip)
  }
  const emotion = label(emotions[0])
  const topic = label(topics[0])
  if (emotion) add(emotionTip(emotion, received))
  if (topic) add(topicTip(topic, received))
  if (typeof sentiment === 'number' && Number.isFinite(sentiment)) add(sentimentTip(sentiment, received))
  for (const tip of received ? FALLBACK.received : FALLBACK.sent) add(tip)
  return [tips[0]!, tips[1]!]
}

/** The two tips in English. */
export function playbackTips(input: TipInput): [string, string] {
  const english = (tip: PlaybackTip) => TIP_ENGLISH[tip.kind].replace('{emotion}', tip.emotion ?? '').replace('{topic}', tip.topic ?? '')
  const [first, second] = playbackTipsOf(input)
  return [english(first), english(second)]
}
