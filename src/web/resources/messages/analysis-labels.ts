import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl'

/**
 * The analyzer's emotion and topic labels (English words from fixed lists, decision 27) in the reader's language: the
 * same ids as the server's catalogue (`analysis.emotion.<label>`, `analysis.topic.<label>`, decision 223). A label
 * not in the lists shows as it came.
 */
const EMOTIONS: Record<string, MessageDescriptor> = defineMessages({
  happy: { id: 'analysis.emotion.happy', defaultMessage: 'happy' },
  loving: { id: 'analysis.emotion.loving', defaultMessage: 'loving' },
  grateful: { id: 'analysis.emotion.grateful', defaultMessage: 'grateful' },
  excited: { id: 'analysis.emotion.excited', defaultMessage: 'excited' },
  calm: { id: 'analysis.emotion.calm', defaultMessage: 'calm' },
  hopeful: { id: 'analysis.emotion.hopeful', defaultMessage: 'hopeful' },
  proud: { id: 'analysis.emotion.proud', defaultMessage: 'proud' },
  determined: { id: 'analysis.emotion.determined', defaultMessage: 'determined' },
  amused: { id: 'analysis.emotion.amused', defaultMessage: 'amused' },
  caring: { id: 'analysis.emotion.caring', defaultMessage: 'caring' },
  surprised: { id: 'analysis.emotion.surprised', defaultMessage: 'surprised' },
  sad: { id: 'analysis.emotion.sad', defaultMessage: 'sad' },
  lonely: { id: 'analysis.emotion.lonely', defaultMessage: 'lonely' },
  stressed: { id: 'analysis.emotion.stressed', defaultMessage: 'stressed' },
  anxious: { id: 'analysis.emotion.anxious', defaultMessage: 'anxious' },
  angry: { id: 'analysis.emotion.angry', defaultMessage: 'angry' },
  frustrated: { id: 'analysis.emotion.frustrated', defaultMessage: 'frustrated' },
  tired: { id: 'analysis.emotion.tired', defaultMessage: 'tired' },
  nostalgic: { id: 'analysis.emotion.nostalgic', defaultMessage: 'nostalgic' },
  apologetic: { id: 'analysis.emotion.apologetic', defaultMessage: 'apologetic' },
})

const TOPICS: Record<string, MessageDescriptor> = defineMessages({
  family: { id: 'analysis.topic.family', defaultMessage: 'family' },
  friends: { id: 'analysis.topic.friends', defaultMessage: 'friends' },
  relationship: { id: 'analysis.topic.relationship', defaultMessage: 'relationship' },
  work: { id: 'analysis.topic.work', defaultMessage: 'work' },
  school: { id: 'analysis.topic.school', defaultMessage: 'school' },
  money: { id: 'analysis.topic.money', defaultMessage: 'money' },
  home: { id: 'analysis.topic.home', defaultMessage: 'home' },
  plans: { id: 'analysis.topic.plans', defaultMessage: 'plans' },
  travel: { id: 'analysis.topic.travel', defaultMessage: 'travel' },
  health: { id: 'analysis.topic.health', defaultMessage: 'health' },
  sleep: { id: 'analysis.topic.sleep', defaultMessage: 'sleep' },
  food: { id: 'analysis.topic.food', defaultMessage: 'food' },
  coffee: { id: 'analysis.topic.coffee', defaultMessage: 'coffee' },
  birthday: { id: 'analysis.topic.birthday', defaultMessage: 'birthday' },
  celebration: { id: 'analysis.topic.celebration', defaultMessage: 'celebration' },
  gift: { id: 'analysis.topic.gift', defaultMessage: 'gift' },
  weather: { id: 'analysis.topic.weather', defaultMessage: 'weather' },
  music: { id: 'analysis.topic.music', defaultMessage: 'music' },
  sports: { id: 'analysis.topic.sports', defaultMessage: 'sports' },
  fitness: { id: 'analysis.topic.fitness', defaultMessage: 'fitness' },
  outdoors: { id: 'analysis.topic.outdoors', defaultMessage: 'outdoors' },
  pets: { id: 'analysis.topic.pets', defaultMessage: 'pets' },
  movies: { id: 'analysis.topic.movies', defaultMessage: 'movies' },
  books: { id: 'analysis.topic.books', defaultMessage: 'books' },
  games: { id: 'analysis.topic.games', defaultMessage: 'games' },
  shopping: { id: 'analysis.topic.shopping', defaultMessage: 'shopping' },
  technology: { id: 'analysis.topic.technology', defaultMessage: 'technology' },
  transport: { id: 'analysis.topic.transport', defaultMessage: 'transport' },
  news: { id: 'analysis.topic.news', defaultMessage: 'news' },
  country: { id: 'analysis.topic.country', defaultMessage: 'country' },
  service: { id: 'analysis.topic.service', defaultMessage: 'service' },
  faith: { id: 'analysis.topic.faith', defaultMessage: 'faith' },
  memories: { id: 'analysis.topic.memories', defaultMessage: 'memories' },
  art: { id: 'analysis.topic.art', defaultMessage: 'art' },
})

/** Names an emotion or a topic label of the analysis in the reader's language. */
export function useAnalysisLabel(): (kind: 'emotion' | 'topic', label: string) => string {
  const intl = useIntl()
  return (kind, label) => {
    const message = (kind === 'emotion' ? EMOTIONS : TOPICS)[label.trim().toLowerCase()]
    return message ? intl.formatMessage(message) : label
  }
}
