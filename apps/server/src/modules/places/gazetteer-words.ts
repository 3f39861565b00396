/**
 * The words the gazetteer needs to tell produce from places and filler (decision 052: the
 * gazetteer is its own module; the assistant's lexicon re-exports these).
 */

/**
 * Produce words known before the catalogue is read (the gazetteer adds the words of every product
 * title). Used to tell a product request from small talk and to give the classifier one PRODUCT
 * feature for all of them; the query itself keeps the person's own words.
 */
export const BUILT_IN_PRODUCT_WORDS: readonly string[] = [
  'tomato', 'tomatoes', 'yam', 'yams', 'okra', 'onion', 'onions', 'pepper', 'peppers', 'carrot', 'carrots', 'cabbage',
  'lettuce', 'spinach', 'cucumber', 'cucumbers', 'cassava', 'potato', 'potatoes', 'plantain', 'plantains', 'beans',
  'bean', 'kontomire', 'cocoyam', 'aubergine', 'eggplant', 'garden', 'pineapple', 'pineapples', 'mango', 'mangoes',
  'mangos', 'papaya', 'pawpaw', 'orange', 'oranges', 'banana', 'bananas', 'watermelon', 'watermelons', 'avocado',
  'avocados', 'coconut', 'coconuts', 'lime', 'limes', 'lemon', 'lemons', 'guava', 'guavas', 'soursop', 'tangerine',
  'tangerines', 'strawberries', 'strawberry', 'maize', 'corn', 'rice', 'millet', 'sorghum', 'groundnuts', 'groundnut',
  'peanuts', 'peanut', 'soya', 'soy', 'gari', 'fonio', 'egg', 'eggs', 'milk', 'cheese', 'wagashi', 'yoghurt',
  'yogurt', 'butter', 'cream', 'chicken', 'chickens', 'fowl', 'goat', 'beef', 'lamb', 'mutton', 'tilapia', 'fish',
  'herrings', 'herring', 'snapper', 'catfish', 'anchovies', 'snails', 'snail', 'ginger', 'turmeric', 'lemongrass',
  'prekese', 'garlic', 'nutmeg', 'mint', 'dawadawa', 'chilli', 'chili', 'chillies', 'basil', 'honey', 'honeycomb',
  'jam', 'jams', 'jelly', 'shito', 'beeswax', 'moringa', 'cocoa', 'aloe', 'baskets', 'fan', 'calabash',
  'spoon', 'spoons', 'mats', 'candles', 'soap', 'pot', 'pots', 'coasters', 'flowers', 'shea', 'oil', 'palm',
  'hibiscus', 'sobolo', 'charcoal', 'compost', 'wine', 'kenkey', 'fufu', 'cocoyams', 'apples', 'apple', 'grapes',
  'sugarcane', 'nuts', 'cashew', 'cashews', 'sheep', 'turkey', 'duck', 'quail', 'prawns', 'shrimp', 'crab', 'crabs',
  'snails', 'pork', 'sausages', 'bread', 'flour', 'kale', 'broccoli', 'celery', 'parsley', 'coriander', 'thyme',
  'leaves', 'roots', 'tubers',
];

/**
 * Words that ask or describe but are not what to buy; removed from the query with wink-nlp's own
 * stop words, the numbers, units, places and dates.
 */
export const FILLER_WORDS: ReadonlySet<string> = new Set([
  'show', 'find', 'search', 'searching', 'look', 'looking', 'need', 'needs', 'want', 'wanna', 'buy', 'buying', 'get',
  'got', 'have', 'has', 'sell', 'sells', 'selling', 'sold', 'stock', 'available', 'please', 'pls', 'plz', 'kindly',
  'any', 'some', 'organic', 'organically', 'grown', 'bio', 'fresh', 'freshest', 'freshly', 'harvested', 'harvest',
  'picked', 'price', 'prices', 'priced', 'cost', 'costs', 'costing', 'expensive', 'cheap', 'cheaper', 'cheapest',
  'pricey', 'pricier', 'priciest', 'affordable', 'budget', 'lowest', 'highest', 'closest', 'nearest', 'nearby',
  'near', 'close', 'around', 'newest', 'latest', 'recent', 'new', 'ones', 'one', 'those', 'these', 'them', 'that',
  'this', 'it', 'only', 'just', 'also', 'instead', 'then', 'about', 'what', 'how', 'something', 'stuff', 'things',
  'thing', 'products', 'product', 'items', 'item', 'produce', 'market', 'pulse', 'shop', 'store', 'farm', 'farms',
  'farmer', 'farmers', 'local', 'locally', 'today', 'week', 'month', 'days', 'day', 'weeks', 'months', 'ago', 'since',
  'last', 'past', 'yesterday', 'hi', 'hello', 'hey', 'per', 'each', 'worth', 'max', 'maximum', 'min', 'minimum',
  'upto', 'least', 'less', 'more', 'under', 'below', 'over', 'above', 'between', 'from', 'to', 'than', 'cedi',
  'cedis', 'dollars', 'dollar', 'ghs', 'ghc', 'gh', 'usd', 'sale', 'sells', 'anyone', 'somebody', 'someone',
  'where', 'can', 'could', 'would', 'like', 'id', "i'd", 'i’d', 'you', 'your', 'guys', 'list', 'browse', 'offer',
  'offers', 'quality', 'good', 'best', 'great', 'nice', 'lovely', 'certified', 'chemical', 'pesticide',
  'pesticides', 'free', 'non', 'conventional', 'kind', 'kinds', 'type', 'types', 'sort', 'lot', 'lots', 'plenty',
  'bulk', 'wholesale', 'order', 'add', 'put', 'basket', 'cart', 'bag', 'trolley', 'of', 'in', 'me', 'us', 'my',
  'amount', 'quantity', 'here', 'there', 'region', 'town', 'city', 'area', 'farmed', 'grow', 'grows', 'growing',
  'supply', 'supplies', 'supplier', 'suppliers', 'vendor', 'vendors', 'seller', 'sellers', 'deliver', 'delivered',
  'ok', 'okay', 'yes', 'yeah', 'and', 'or', 'but', 'also', 'too', 'else', 'other', 'others', 'another', 'kindly',
  'north', 'south', 'east', 'west', 'northern', 'southern', 'eastern', 'western',
  'tell', 'see', 'check', 'which', 'who', 'do', 'does', 'is', 'are', 'there', "what's", 'whats', 'hmm', 'um',
]);

/** Product-title words that say nothing about what the product is. */
export const NON_PRODUCT_TITLE_WORDS: ReadonlySet<string> = new Set([
  'fresh', 'free', 'range', 'local', 'natural', 'whole', 'raw', 'sweet', 'green', 'red', 'white', 'yellow', 'black',
  'brown', 'dried', 'smoked', 'pickled', 'potted', 'grafted', 'wild', 'lean', 'set', 'block', 'sack', 'pattern',
  'carved', 'wooden', 'woven', 'market', 'table', 'cooking', 'ripe', 'big', 'small', 'large', 'new', 'organic',
]);
