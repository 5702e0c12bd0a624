import type { Document, ItsFunction, WinkMethods } from 'wink-nlp'
import { MAX_EMOTIONS, MAX_TOPICS, type Analysis, type Analyzer } from './analyzer.ts'
import { EMOTION_LEXICON } from './emotion-lexicon.ts'
import { TOPIC_MAP } from './topic-map.ts'

/** A label needs at least this score: one cue, a strong word, or two hints. */
const MIN_LABEL_SCORE = 1

const WEIGHT = { strong: 2, cues: 1, hints: 0.5 } as const
const INTENSIFIER_BOOST = 1.5
const EXCLAMATION_BOOST = 1.25
const INTENSIFIERS = new Set([
  'so',
  'really',
  'very',
  'super',
  'extremely',
  'incredibly',
  'truly',
  'totally',
  'absolutely',
  'deeply',
  'such',
  'utterly',
  'terribly',
  'awfully',
  'genuinely',
])

/** Anticipation needs a clearly positive message with no negative emotion in it. */
const ANTICIPATION_MIN_SENTIMENT = 0.2
/** How much of the sentiment comes from wink-nlp's score; the rest from the valence of the emotions found. */
const MODEL_SENTIMENT_SHARE = 0.6

type TermToken = { normal: string; lemma: string }
type Term = { label: string; weight: number; tokens: TermToken[]; pos: string | null }

type Prepared = {
  nlp: WinkMethods
  emotionTerms: Map<string, Term[]>
  topicTerms: Map<string, Term[]>
  valence: Map<string, number>
}

type DocToken = { normal: string; lemma: string; pos: string; negated: boolean; sentence: number; isNegationCue: boolean }

type Match = { label: string; start: number; end: number; weight: number }

const NEGATION_CUES = new Set(['not', 'no', 'never', 'nothing', 'nobody', 'none', 'neither', 'nor', 'without', 'hardly'])

let prepared: Promise<Prepared> | undefined

/**
 * Loads wink-nlp and its English model once, on the first analysis (the model is ~4 MB of JavaScript
 * that start-up does not need), and compiles the lexicon and topic map against the model's tokeniser.
 */
function prepare(): Promise<Prepared> {
  prepared ??= (async () => {
    const [{ default: winkNLP }, { default: model }] = await Promise.all([import('wink-nlp'), import('wink-eng-lite-web-model')])
    const nlp = winkNLP(model)
    const compile = (
      entries: readonly { label: string; strong: readonly string[]; cues: readonly string[]; hints?: readonly string[] }[],
    ) => {
      const index = new Map<string, Term[]>()
      for (const entry of entries) {
        for (const tier of ['strong', 'cues', 'hints'] as const) {
          for (const raw of entry[tier] ?? []) {
            const [text, pos = null] = raw.split('/') as [string, string?]
            const read = readTokens(nlp, nlp.readDoc(text.toLowerCase()))
            const tokens: TermToken[] = read.normals.map((normal, k) => ({ normal, lemma: read.lemmas[k]! }))
            if (tokens.length === 0) continue
            const term: Term = { label: entry.label, weight: WEIGHT[tier], tokens, pos }
            // Indexed by the first token's text; a document token looks itself up by its text and its lemma.
            const key = tokens[0]!.normal
            index.set(key, [...(index.get(key) ?? []), term])
          }
        }
      }
      return index
    }
    return {
      nlp,
      emotionTerms: compile(EMOTION_LEXICON),
      topicTerms: compile(TOPIC_MAP),
      valence: new Map(EMOTION_LEXICON.map((e) => [e.label, e.valence])),
    }
  })()
  return prepared
}

/**
 * Offline analysis: wink-nlp gives tokens, lemmas, parts of speech, negation scope, sentences and a
 * document sentiment; the emotion lexicon and topic map (see their headers for the matching rules)
 * give the labels.
 *
 * Scoring:
 * - Every term that matches counts with its weight (strong 2, cue 1, hint 0.5), times 1.5 after an
 *   intensifier ("so excited") and 1.25 in a sentence with "!". Overlapping matches of one label count
 *   once, with the highest weight, so "thank you" + "thank" is one hit.
 * - Emotions: a term inside a negation ("not happy") is dropped, and a longer emotion phrase hides the
 *   shorter matches of other emotions under it ("cry happy tears" is happy, not also sad).
 * - Anticipation: a clearly positive message (wink-nlp sentiment ≥ 0.2, no negative emotion found) about
 *   travel or plans is excited (one cue's worth), because people rarely name the feeling when they write
 *   "we should plan the trip to Lisbon".
 * - Labels need a score of 1, are ordered by score (ties by first appearance) and capped at 5 emotions
 *   and 8 topics.
 * - Sentiment: 0.6 × wink-nlp's document sentiment + 0.4 × the score-weighted valence of the emotions
 *   found (wink-nlp alone when none), clamped to -1..1 and rounded to 3 decimals.
 */
export function createOfflineAnalyzer(): Analyzer {
  return {
    name: 'offline',
    // its lexicon and topic map are English word lists
    languages: ['en'],
    async analyze(text: string, signal?: AbortSignal): Promise<Analysis> {
      signal?.throwIfAborted()
      if (text.trim() === '') return { emotions: [], topics: [], sentiment: 0 }
      const p = await prepare()
      signal?.throwIfAborted()
      return analyzeWith(p, text)
    },
  }
}

function analyzeWith(p: Prepared, text: string): Analysis {
  const { nlp } = p
  const its = nlp.its
  const doc = nlp.readDoc(text)

  const sentenceOf: number[] = []
  const exclaimed = new Set<number>()
  const spans = doc.sentences().out(its.span) as number[][]
  const sentenceTexts = doc.sentences().out()
  spans.forEach(([from = 0, to = -1], k) => {
    for (let i = from; i <= to; i++) sentenceOf[i] = k
    if (sentenceTexts[k]?.includes('!')) exclaimed.add(k)
  })

  const read = readTokens(nlp, doc)
  const tokens: DocToken[] = read.normals.map((normal, i) => ({
    normal,
    lemma: read.lemmas[i]!,
    pos: read.pos[i]!,
    negated: read.negated[i]!,
    sentence: sentenceOf[i] ?? 0,
    isNegationCue: NEGATION_CUES.has(normal),
  }))

  const boost = (m: Match) => {
    let factor = 1
    const before = tokens[m.start - 1]
    if (before && INTENSIFIERS.has(before.normal)) factor *= INTENSIFIER_BOOST
    if (exclaimed.has(tokens[m.start]!.sentence)) factor *= EXCLAMATION_BOOST
    return factor
  }

  // Emotions: drop negated matches, then let longer phrases hide other emotions' shorter matches.
  const emotionMatches = findMatches(tokens, p.emotionTerms).filter((m) => !isNegated(tokens, m))
  const visible = emotionMatches.filter(
    (m) => !emotionMatches.some((o) => o.label !== m.label && o.end - o.start > m.end - m.start && o.start < m.end && m.start < o.end),
  )
  const emotionScores = scoreLabels(visible, boost)
  const topicScores = scoreLabels(findMatches(tokens, p.topicTerms), boost)

  const modelSentiment = Number(doc.out(its.sentiment)) || 0
  const anticipates =
    modelSentiment >= ANTICIPATION_MIN_SENTIMENT &&
    ![...emotionScores].some(([label, s]) => s.score >= MIN_LABEL_SCORE && (p.valence.get(label) ?? 0) < 0) &&
    ['travel', 'plans'].some((t) => (topicScores.get(t)?.score ?? 0) >= MIN_LABEL_SCORE)
  if (anticipates) {
    const excited = emotionScores.get('excited')
    emotionScores.set('excited', { score: (excited?.score ?? 0) + WEIGHT.cues, first: excited?.first ?? tokens.length })
  }

  const emotions = rank(emotionScores, MAX_EMOTIONS)
  const topics = rank(topicScores, MAX_TOPICS)

  let sentiment = modelSentiment
  const emotionTotal = emotions.reduce((sum, label) => sum + emotionScores.get(label)!.score, 0)
  if (emotionTotal > 0) {
    const valence = emotions.reduce((sum, label) => sum + emotionScores.get(label)!.score * (p.valence.get(label) ?? 0), 0) / emotionTotal
    sentiment = MODEL_SENTIMENT_SHARE * modelSentiment + (1 - MODEL_SENTIMENT_SHARE) * valence
  }
  sentiment = Math.round(Math.min(1, Math.max(-1, sentiment)) * 1000) / 1000

  return { emotions, topics, sentiment }
}

/**
 * Token attributes as parallel arrays, one call per attribute (much faster than per-token calls). The
 * casts work around wink-nlp's typings, whose `its.lemma` signature does not fit its own `ItsFunction`.
 */
function readTokens(nlp: WinkMethods, doc: Document) {
  const tokens = doc.tokens()
  const column = <T>(f: unknown) => tokens.out(f as ItsFunction<T>) as T[]
  return {
    normals: column<string>(nlp.its.normal),
    lemmas: column<string>(nlp.its.lemma),
    pos: column<string>(nlp.its.pos),
    negated: column<boolean>(nlp.its.negationFlag),
  }
}

/** Every place a term matches: its text equals the token's text or lemma, token by token for phrases. */
function findMatches(tokens: DocToken[], index: Map<string, Term[]>): Match[] {
  const matches: Match[] = []
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!
    const candidates = new Set([...(index.get(token.normal) ?? []), ...(index.get(token.lemma) ?? [])])
    for (const term of candidates) {
      if (term.pos && term.tokens.length === 1 && term.pos !== token.pos) continue
      const fits = term.tokens.every((tt, k) => {
        const dt = tokens[i + k]
        if (!dt) return false
        if (dt.normal === tt.normal || dt.lemma === tt.normal) return true
        // Inside phrases, compare lemmas too: "i barely slept" matches the phrase "barely sleep".
        return term.tokens.length > 1 && dt.lemma === tt.lemma
      })
      if (fits) matches.push({ label: term.label, start: i, end: i + term.tokens.length, weight: term.weight })
    }
  }
  return matches
}

/**
 * A match is negated when wink-nlp puts its first token in a negation's scope (which ends at
 * punctuation), unless the match itself holds the negation, as "can't wait" or "never give up" do.
 */
function isNegated(tokens: DocToken[], m: Match): boolean {
  if (!tokens[m.start]!.negated) return false
  for (let i = m.start; i < m.end; i++) if (tokens[i]!.isNegationCue) return false
  return true
}

type LabelScore = { score: number; first: number }

/** Sums each label's matches, counting overlapping matches of one label once at their highest weight. */
function scoreLabels(matches: Match[], boost: (m: Match) => number): Map<string, LabelScore> {
  const byLabel = new Map<string, Match[]>()
  for (const m of matches) {
    const list = byLabel.get(m.label)
    if (list) list.push(m)
    else byLabel.set(m.label, [m])
  }
  const scores = new Map<string, LabelScore>()
  for (const [label, list] of byLabel) {
    list.sort((a, b) => a.start - b.start || b.end - a.end)
    let score = 0
    let clusterEnd = -1
    let clusterBest = 0
    for (const m of list) {
      const weighted = m.weight * boost(m)
      if (m.start < clusterEnd) {
        clusterBest = Math.max(clusterBest, weighted)
        clusterEnd = Math.max(clusterEnd, m.end)
      } else {
        score += clusterBest
        clusterBest = weighted
        clusterEnd = m.end
      }
    }
    score += clusterBest
    scores.set(label, { score, first: list[0]!.start })
  }
  return scores
}

function rank(scores: Map<string, LabelScore>, limit: number): string[] {
  return [...scores.entries()]
    .filter(([, s]) => s.score >= MIN_LABEL_SCORE)
    .sort(([, a], [, b]) => b.score - a.score || a.first - b.first)
    .slice(0, limit)
    .map(([label]) => label)
}
