/**
 * The topic map of the offline analyser: which words and short phrases in a transcript suggest which
 * everyday subject.
 *
 * How labels were chosen: a topic is the short lowercase NOUN a person would use to say what a message is
 * about ("work", "family", "coffee"). Mass nouns and activities stay singular ("work", "food", "travel",
 * "health"); subjects people name in the plural keep it ("plans", "friends", "pets", "sports", "movies",
 * "books", "games"). Other names for the same subject ("job", "trip", "vacation", "dog") map to the label
 * through TOPIC_SYNONYMS, which `canonicalTopic` applies to labels from any source.
 *
 * Terms match exactly as in emotion-lexicon.ts (text or lemma; `word/POS` to require a part of speech;
 * phrases tokenised by the model; weights strong 2, cues 1, hints 0.5), except that negation does not
 * matter: "no coffee today" is still about coffee.
 */

export type TopicEntry = {
  label: string
  strong: readonly string[]
  cues: readonly string[]
  hints?: readonly string[]
}

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']

export const TOPIC_MAP: readonly TopicEntry[] = [
  {
    label: 'family',
    strong: ['family', 'mom', 'mum', 'mother', 'dad', 'father', 'parents', 'parent', 'sister', 'brother', 'sibling', 'grandma', 'grandpa', 'grandmother', 'grandfather', 'grandparents', 'aunt', 'uncle', 'cousin', 'niece', 'nephew', 'son', 'daughter', 'kids', 'children'],
    cues: ['child', 'kid', 'baby', 'toddler', 'in-laws', 'mother-in-law', 'father-in-law', 'relatives', 'family dinner', 'grandkids', 'grandchildren'],
  },
  {
    label: 'friends',
    strong: ['friend', 'friends', 'friendship', 'best friend', 'bestie'],
    cues: ['buddy', 'pal', 'mate/NOUN', 'the gang', 'hang out', 'hanging out', 'catch up', 'reunion'],
  },
  {
    label: 'relationship',
    strong: ['relationship', 'boyfriend', 'girlfriend', 'partner', 'husband', 'wife', 'spouse', 'fiance', 'fiancee', 'dating', 'date night', 'marriage'],
    cues: ['our anniversary', 'romantic', 'romance', 'breakup', 'broke up', 'engaged', 'first date', 'in love', 'valentine'],
    hints: ['date/NOUN'],
  },
  {
    label: 'work',
    strong: ['work/NOUN', 'work/PROPN', 'job', 'office', 'boss', 'career', 'colleague', 'colleagues', 'coworker', 'coworkers', 'new job', 'workplace'],
    cues: ['work/VERB', 'meeting', 'project', 'deadline', 'client', 'manager', 'promotion', 'interview', 'shift', 'salary', 'team/NOUN', 'hired', 'fired', 'resign', 'overtime', 'business', 'company', 'presentation'],
    hints: ['email', 'task', 'report'],
  },
  {
    label: 'school',
    strong: ['school', 'college', 'university', 'class', 'classes', 'exam', 'exams', 'homework', 'teacher', 'professor', 'student', 'semester', 'graduation', 'graduate'],
    cues: ['study', 'studying', 'lecture', 'course', 'grade', 'grades', 'essay', 'thesis', 'campus', 'test/NOUN', 'assignment'],
  },
  {
    label: 'money',
    strong: ['money', 'budget', 'rent', 'bills', 'bill/NOUN', 'salary', 'savings', 'debt', 'loan', 'mortgage', 'bank', 'paycheck'],
    cues: ['afford', 'expensive', 'cheap', 'price', 'cost', 'pay', 'paid', 'save money', 'taxes', 'tax', 'invest', 'dollars', 'euros', 'bucks'],
  },
  {
    label: 'home',
    strong: ['home', 'house', 'apartment', 'flat/NOUN', 'move house', 'moving out', 'moving in', 'new place'],
    cues: ['kitchen', 'living room', 'bedroom', 'garden', 'yard', 'neighbor', 'neighbour', 'neighbors', 'landlord', 'furniture', 'renovation', 'clean the house', 'cleaning', 'laundry', 'chores'],
    hints: ['room', 'couch', 'sofa'],
  },
  {
    label: 'plans',
    strong: ['plan', 'plans', 'planning', 'schedule', "let's", 'let us', 'meet up', 'get together', 'are you free', 'this weekend', 'next week', 'next weekend'],
    cues: ['weekend', 'tomorrow', 'tonight', 'later today', 'see you', 'meet', 'calendar', 'reservation', 'book a table', 'appointment', 'looking forward', 'next month', 'next year', 'this summer', 'should we', 'we should', 'want to come', 'are you coming'],
    hints: [...WEEKDAYS, 'soon', 'later'],
  },
  {
    label: 'travel',
    strong: ['travel', 'trip', 'vacation', 'holiday/NOUN', 'flight', 'flights', 'hotel', 'airport', 'road trip', 'abroad', 'passport', 'journey'],
    cues: ['beach', 'plane', 'train', 'luggage', 'suitcase', 'tourist', 'sightseeing', 'visit', 'visiting', 'resort', 'cruise', 'backpacking', 'jet lag', 'itinerary', 'airbnb', 'hostel', 'ticket', 'tickets'],
    hints: ['city', 'abroad', 'overseas'],
  },
  {
    label: 'health',
    strong: ['health', 'doctor', 'hospital', 'sick', 'ill', 'illness', 'surgery', 'medicine', 'medication', 'therapy', 'therapist', 'diagnosis', 'covid', 'flu', 'cold/NOUN', 'have a cold', 'caught a cold', 'got a cold'],
    cues: ['pain', 'headache', 'fever', 'injury', 'injured', 'appointment with', 'checkup', 'pregnant', 'pregnancy', 'recover', 'recovery', 'dentist', 'nurse', 'clinic', 'symptoms', 'mental health', 'feel better', 'get well'],
    hints: ['hurt', 'tired'],
  },
  {
    label: 'sleep',
    strong: ['sleep', 'slept', 'sleeping', 'insomnia', 'nap', 'bedtime'],
    cues: ['tired', 'exhausted', 'awake', 'up all night', 'woke up', 'wake up', 'dream', 'dreams', 'bed', 'rest/VERB', 'sleepy'],
  },
  {
    label: 'food',
    strong: ['food', 'dinner', 'lunch', 'breakfast', 'brunch', 'restaurant', 'cook', 'cooking', 'recipe', 'meal', 'eat', 'ate'],
    cues: ['pizza', 'pasta', 'sushi', 'burger', 'salad', 'soup', 'cake', 'dessert', 'bake', 'baking', 'delicious', 'tasty', 'hungry', 'snack', 'groceries', 'takeout', 'bbq', 'barbecue', 'wine', 'beer', 'drinks'],
  },
  {
    label: 'coffee',
    strong: ['coffee', 'cafe', 'café', 'espresso', 'latte', 'cappuccino', 'coffee shop'],
    cues: ['tea', 'barista', 'caffeine', 'mug', 'brew'],
  },
  {
    label: 'birthday',
    strong: ['birthday', 'bday', 'birthday party', 'birthday gift', 'birthday cake'],
    cues: ['turning thirty', 'turning forty', 'candles', 'years old'],
  },
  {
    label: 'celebration',
    strong: ['celebrate', 'celebration', 'party', 'wedding', 'anniversary', 'christmas', 'thanksgiving', 'new year', 'easter', 'hanukkah', 'diwali', 'eid', 'graduation party', 'festival'],
    cues: ['congratulations', 'congrats', 'cheers', 'toast', 'engagement', 'baby shower', 'reception', 'fireworks', 'holidays'],
  },
  {
    label: 'gift',
    strong: ['gift', 'gifts', 'present/NOUN', 'presents'],
    cues: ['wrapped', 'wrapping', 'surprise for you', 'got you something', 'bought you', 'card/NOUN', 'flowers'],
  },
  {
    label: 'weather',
    strong: ['weather', 'rain', 'raining', 'rainy', 'snow', 'snowing', 'storm', 'sunny', 'forecast', 'heatwave', 'heat wave'],
    cues: ['cold/ADJ', 'hot/ADJ', 'warm/ADJ', 'freezing', 'windy', 'cloudy', 'sunshine', 'temperature', 'degrees', 'humid', 'umbrella', 'thunder'],
  },
  {
    label: 'music',
    strong: ['music', 'song', 'songs', 'concert', 'album', 'band', 'singer', 'playlist', 'guitar', 'piano'],
    cues: ['sing', 'singing', 'listen to', 'gig', 'festival', 'lyrics', 'drums', 'choir', 'spotify'],
  },
  {
    label: 'sports',
    strong: ['sport', 'sports', 'football', 'soccer', 'basketball', 'baseball', 'tennis', 'golf', 'hockey', 'cricket', 'rugby', 'volleyball', 'match/NOUN', 'tournament', 'championship'],
    cues: ['game/NOUN', 'team/NOUN', 'score', 'goal', 'win', 'won', 'lost the game', 'league', 'coach', 'stadium', 'the playoffs', 'olympics'],
  },
  {
    label: 'fitness',
    strong: ['gym', 'workout', 'exercise', 'fitness', 'running', 'jog', 'jogging', 'yoga', 'marathon', 'hike', 'hiking', 'swim', 'swimming'],
    cues: ['walk/NOUN', 'long walk', 'run/NOUN', 'bike', 'cycling', 'training', 'pilates', 'steps', 'stretch', 'lift weights'],
  },
  {
    label: 'outdoors',
    strong: ['outdoors', 'nature', 'park', 'camping', 'forest', 'mountain', 'mountains', 'lake', 'picnic'],
    cues: ['beach', 'garden', 'gardening', 'walk/NOUN', 'trail', 'river', 'ocean', 'sea', 'fresh air', 'sunset', 'flowers'],
  },
  {
    label: 'pets',
    strong: ['pet', 'pets', 'dog', 'dogs', 'puppy', 'cat', 'cats', 'kitten', 'vet'],
    cues: ['walk the dog', 'bark', 'barking', 'meow', 'hamster', 'rabbit', 'bunny', 'parrot', 'fish tank', 'adopted'],
  },
  {
    label: 'movies',
    strong: ['movie', 'movies', 'film', 'films', 'cinema', 'netflix', 'tv show', 'series', 'episode', 'season finale'],
    cues: ['watch/VERB', 'watched', 'binge', 'trailer', 'actor', 'actress', 'documentary', 'tv', 'television'],
  },
  {
    label: 'books',
    strong: ['book', 'books', 'novel', 'reading', 'author', 'library', 'book club'],
    cues: ['read/VERB', 'chapter', 'story', 'poem', 'poetry', 'audiobook', 'kindle'],
  },
  {
    label: 'games',
    strong: ['video game', 'video games', 'gaming', 'board game', 'board games', 'playstation', 'xbox', 'nintendo', 'chess', 'puzzle'],
    cues: ['play a game', 'game night', 'cards', 'level', 'console'],
  },
  {
    label: 'shopping',
    strong: ['shopping', 'shop', 'mall', 'store', 'bought', 'buy', 'order/VERB', 'sale'],
    cues: ['clothes', 'shoes', 'dress', 'outfit', 'delivery', 'package', 'amazon', 'discount', 'groceries'],
  },
  {
    label: 'technology',
    strong: ['phone', 'computer', 'laptop', 'app', 'internet', 'wifi', 'software', 'website', 'technology', 'tech', 'ai'],
    cues: ['update', 'charger', 'battery', 'screen', 'email', 'online', 'password', 'instagram', 'facebook', 'tiktok', 'whatsapp'],
  },
  {
    label: 'transport',
    strong: ['car', 'drive', 'driving', 'traffic', 'commute', 'bus', 'subway', 'metro', 'taxi', 'uber'],
    cues: ['parking', 'road', 'highway', 'gas', 'fuel', 'bike', 'train', 'ride', 'flat tire', 'mechanic'],
  },
  {
    label: 'news',
    strong: ['news', 'politics', 'election', 'government', 'president', 'vote', 'voting', 'policy', 'war'],
    cues: ['headline', 'headlines', 'protest', 'economy', 'law', 'senate', 'parliament', 'minister', 'campaign'],
  },
  {
    label: 'country',
    strong: ['country', 'nation', 'homeland', 'patriotism', 'patriotic', 'fellow americans', 'fellow citizens'],
    cues: ['national', 'citizen', 'citizens', 'americans', 'american', 'america', 'flag', 'constitution', 'independence', 'democracy', 'freedom', 'liberty'],
  },
  {
    label: 'service',
    strong: ['service', 'serve', 'volunteer', 'volunteering', 'duty', 'public service', 'community service', 'give back', 'giving back'],
    cues: ['do for your country', 'do for others', 'do for the community', 'help others', 'helping others', 'charity', 'donate', 'donation', 'sacrifice', 'military', 'army', 'community'],
  },
  {
    label: 'faith',
    strong: ['church', 'faith', 'god', 'pray', 'prayer', 'prayers', 'mosque', 'temple', 'synagogue', 'bible', 'religion'],
    cues: ['blessed', 'blessing', 'worship', 'sermon', 'spiritual', 'ramadan'],
  },
  {
    label: 'memories',
    strong: ['memories', 'memory', 'remember when', 'do you remember', 'childhood', 'old times', 'back in the day'],
    cues: ['remember', 'years ago', 'when we were kids', 'when we were young', 'old photos', 'nostalgia'],
  },
  {
    label: 'art',
    strong: ['art', 'painting', 'paint', 'drawing', 'museum', 'gallery', 'exhibition', 'photography', 'sculpture'],
    cues: ['sketch', 'draw', 'artist', 'craft', 'crafts', 'knitting', 'pottery', 'theater', 'theatre', 'play/NOUN'],
  },
]

/** Every label the map can give, in the order of the map. */
export const TOPIC_LABELS: readonly string[] = TOPIC_MAP.map((t) => t.label)

/** Other names for a topic label, applied by `canonicalTopic` to labels from any source. */
export const TOPIC_SYNONYMS: Readonly<Record<string, string>> = {
  job: 'work', jobs: 'work', career: 'work', office: 'work', employment: 'work', business: 'work',
  education: 'school', college: 'school', university: 'school', study: 'school', studies: 'school', exams: 'school',
  finance: 'money', finances: 'money', budget: 'money', bills: 'money',
  house: 'home', housing: 'home', moving: 'home', chores: 'home', household: 'home',
  plan: 'plans', planning: 'plans', schedule: 'plans', meetup: 'plans', weekend: 'plans', 'weekend plans': 'plans', 'future plans': 'plans',
  trip: 'travel', trips: 'travel', vacation: 'travel', holiday: 'travel', journey: 'travel', flights: 'travel',
  illness: 'health', medical: 'health', wellness: 'health', wellbeing: 'health', 'well-being': 'health', 'mental health': 'health',
  rest: 'sleep', insomnia: 'sleep',
  meal: 'food', meals: 'food', eating: 'food', cooking: 'food', dinner: 'food', lunch: 'food', restaurant: 'food', drinks: 'food',
  cafe: 'coffee', café: 'coffee', tea: 'coffee',
  birthdays: 'birthday',
  celebrations: 'celebration', party: 'celebration', parties: 'celebration', wedding: 'celebration', anniversary: 'celebration', holidays: 'celebration',
  gifts: 'gift', present: 'gift', presents: 'gift',
  friend: 'friends', friendship: 'friends',
  kids: 'family', children: 'family', parents: 'family', parenting: 'family',
  love: 'relationship', romance: 'relationship', dating: 'relationship', partner: 'relationship', marriage: 'relationship', relationships: 'relationship',
  sport: 'sports', football: 'sports', soccer: 'sports',
  exercise: 'fitness', gym: 'fitness', workout: 'fitness', running: 'fitness', walking: 'fitness',
  nature: 'outdoors', outside: 'outdoors', hiking: 'outdoors',
  pet: 'pets', dog: 'pets', dogs: 'pets', cat: 'pets', cats: 'pets',
  movie: 'movies', film: 'movies', films: 'movies', tv: 'movies', television: 'movies', shows: 'movies',
  book: 'books', reading: 'books', literature: 'books',
  game: 'games', gaming: 'games', 'video games': 'games',
  shop: 'shopping',
  tech: 'technology', phones: 'technology', computers: 'technology',
  car: 'transport', commute: 'transport', commuting: 'transport', driving: 'transport', traffic: 'transport',
  politics: 'news', 'current events': 'news',
  nation: 'country', patriotism: 'country', homeland: 'country',
  volunteering: 'service', duty: 'service', 'public service': 'service', 'civic duty': 'service', community: 'service',
  religion: 'faith', church: 'faith', spirituality: 'faith',
  memory: 'memories', nostalgia: 'memories', childhood: 'memories',
  arts: 'art',
}

/** The vocabulary's label for a topic name, or the name itself (lowercase, trimmed) when it has none. */
export function canonicalTopic(label: string): string {
  const key = label.trim().toLowerCase().replace(/\s+/g, ' ')
  return TOPIC_SYNONYMS[key] ?? key
}
