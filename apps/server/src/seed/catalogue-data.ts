import type { TProductCategory, TProductUnit } from '@pulse/contract/products';

/** The picture drawn for a product: a simple shape on a soft background of its produce colour. */
export type ProduceShape = 'round' | 'leaf' | 'long' | 'cluster' | 'egg' | 'jar' | 'fish' | 'cut' | 'pot' | 'weave' | 'bottle';

export interface ProductTemplate {
  title: string;
  category: TProductCategory;
  unit: TProductUnit;
  /** Price of one unit in minor units (cents of the deployment currency). */
  priceMinor: number;
  minOrder: number;
  shape: ProduceShape;
  /** The produce colour (#rrggbb); the background is a pale tint of it. */
  colour: string;
  description: string;
  /** Days since harvest for fresh produce ([min, max]); null for crafts and goods without one. */
  harvestDays: [number, number] | null;
  /** Probability the product is certified organic. */
  organic: number;
}

type Row = [title: string, unit: TProductUnit, priceMinor: number, minOrder: number, shape: ProduceShape, colour: string, description: string];

function category(
  name: TProductCategory,
  harvestDays: [number, number] | null,
  organic: number,
  rows: Row[],
): ProductTemplate[] {
  return rows.map(([title, unit, priceMinor, minOrder, shape, colour, description]) => ({
    title,
    category: name,
    unit,
    priceMinor,
    minOrder,
    shape,
    colour,
    description,
    harvestDays,
    organic,
  }));
}

export const PRODUCT_TEMPLATES: readonly ProductTemplate[] = [
  ...category('vegetables', [0, 4], 0.45, [
    ['Roma Tomatoes', 'kg', 320, 1, 'round', '#d9453b', 'Firm, meaty plum tomatoes for stews, jollof and fresh salsa.'],
    ['Cherry Tomatoes', 'kg', 560, 1, 'round', '#e0513f', 'Sweet little tomatoes that burst in the mouth; lovely in salads.'],
    ['Garden Eggs', 'kg', 280, 1, 'egg', '#e9e2c4', 'Small white African aubergines, mildly bitter, for garden egg stew.'],
    ['Okra', 'kg', 350, 1, 'long', '#5c9a3b', 'Tender young pods, picked small so they stay crisp in soups.'],
    ['Kontomire (Cocoyam Leaves)', 'bunch', 150, 2, 'leaf', '#3f7d34', 'Fresh cocoyam leaves for palava sauce and kontomire stew.'],
    ['Green Bell Peppers', 'kg', 480, 1, 'round', '#4f9a3a', 'Crunchy, thick-walled peppers for stir-fries and salads.'],
    ['Red Onions', 'kg', 260, 2, 'round', '#9c3b5a', 'Dry-cured red onions with a gentle bite; they keep for weeks.'],
    ['Carrots', 'kg', 300, 1, 'long', '#ee8a2f', 'Crisp, sweet carrots pulled from sandy soil.'],
    ['Cabbage', 'piece', 250, 1, 'round', '#9cc46b', 'Dense green heads for coleslaw, shito fried rice and soups.'],
    ['Lettuce', 'piece', 180, 1, 'leaf', '#8cc15a', 'Soft butterhead lettuce cut the morning it is sold.'],
    ['Spinach', 'bunch', 200, 1, 'leaf', '#2f7a3b', 'Dark, tender leaves for sautéing or a quick green stew.'],
    ['Cucumbers', 'kg', 240, 1, 'long', '#5f9e4a', 'Cool, crunchy cucumbers, unwaxed and straight from the vine.'],
    ['Yam (Pona)', 'kg', 420, 2, 'long', '#b08a5a', 'Prized pona yam, smooth and floury when boiled or pounded.'],
    ['Cassava', 'kg', 180, 2, 'long', '#a9865f', 'Freshly lifted cassava roots for fufu, gari or boiling.'],
    ['Sweet Potatoes', 'kg', 300, 1, 'long', '#c4643a', 'Orange-fleshed sweet potatoes, naturally sweet when roasted.'],
    ['Plantain', 'bunch', 650, 1, 'long', '#e2b93b', 'A hand of firm plantain, green to half-ripe, for kelewele or ampesi.'],
    ['Scotch Bonnet Peppers', 'kg', 900, 1, 'round', '#e8502f', 'Fiery, fruity peppers for shito and pepper sauce.'],
    ['Green Beans', 'kg', 520, 1, 'long', '#4d8f3a', 'Slim, stringless beans that snap when bent.'],
  ]),
  ...category('fruits', [0, 6], 0.4, [
    ['Sugarloaf Pineapples', 'piece', 350, 1, 'round', '#e8b93a', 'The famously sweet, low-acid pineapple of the Central Region.'],
    ['Kent Mangoes', 'kg', 480, 1, 'round', '#f0a33a', 'Large, fibre-free mangoes with deep orange flesh.'],
    ['Papaya', 'piece', 300, 1, 'egg', '#f08a3c', 'Sun-ripened pawpaw with sweet coral flesh.'],
    ['Sweet Oranges', 'dozen', 360, 1, 'round', '#f29a2e', 'Juicy green-skinned oranges, perfect for fresh juice.'],
    ['Ripe Bananas', 'bunch', 280, 1, 'long', '#f2d04a', 'Small, sweet bananas ripened on the plant.'],
    ['Watermelon', 'piece', 600, 1, 'round', '#4f9a4a', 'Heavy, red-fleshed watermelons from sandy river farms.'],
    ['Avocados', 'kg', 520, 1, 'egg', '#4c7a3a', 'Creamy avocados from old village trees; ready in two or three days.'],
    ['Coconuts', 'piece', 150, 2, 'round', '#8a6a48', 'Green drinking coconuts, full of sweet water.'],
    ['Passion Fruit', 'kg', 780, 1, 'round', '#7a3b6a', 'Wrinkly purple passion fruit, fragrant and tangy.'],
    ['Limes', 'kg', 400, 1, 'round', '#8cbf3c', 'Thin-skinned limes with plenty of juice.'],
    ['Guavas', 'kg', 420, 1, 'round', '#a8c95a', 'Pink-fleshed guavas with a heady perfume.'],
    ['Soursop', 'piece', 700, 1, 'egg', '#6f9a45', 'Custardy soursop for smoothies and ice cream.'],
    ['Tangerines', 'kg', 450, 1, 'round', '#f28c28', 'Easy-peel tangerines, sweet and seedy.'],
    ['Strawberries', 'g', 3, 250, 'round', '#d63a48', 'Highland strawberries picked ripe; sold by the gram, 250 g at least.'],
  ]),
  ...category('grains', [20, 120], 0.3, [
    ['White Maize', 'kg', 120, 5, 'cluster', '#e8d27a', 'Clean, dried white maize for kenkey, banku and porridge.'],
    ['Yellow Maize', 'kg', 130, 5, 'cluster', '#e9b840', 'Sun-dried yellow maize, good for roasting flour and feed.'],
    ['Local Brown Rice', 'kg', 280, 2, 'cluster', '#b98c55', 'Parboiled northern rice with its bran left on; nutty and filling.'],
    ['Jasmine Rice', 'kg', 320, 2, 'cluster', '#efe6cf', 'Fragrant long-grain rice grown in the Volta irrigation schemes.'],
    ['Millet', 'kg', 260, 2, 'cluster', '#d3a85c', 'Pearl millet for hausa koko and tuo zaafi.'],
    ['Sorghum', 'kg', 240, 2, 'cluster', '#b65f3a', 'Red sorghum grain, stone-cleaned, for porridge and pito.'],
    ['Black-Eyed Beans', 'kg', 420, 1, 'cluster', '#e6dcc4', 'Cream beans with a black eye for red-red and waakye.'],
    ['Groundnuts (Peanuts)', 'kg', 480, 1, 'cluster', '#c99a62', 'Shelled raw groundnuts for soup, paste or roasting.'],
    ['Bambara Beans', 'kg', 520, 1, 'cluster', '#8b5a3c', 'Hardy aboboi beans with a rich, earthy flavour.'],
    ['Soya Beans', 'kg', 300, 2, 'cluster', '#e3cf8a', 'Clean soya beans for milk, tofu or khebab.'],
    ['Gari (Cassava Flakes)', 'kg', 220, 2, 'cluster', '#f1e7c8', 'Crisp, roasted gari, fine grade, ready for soaking or eba.'],
    ['Fonio', 'kg', 900, 1, 'cluster', '#ddc58b', 'Ancient, quick-cooking grain from the far north.'],
  ]),
  ...category('dairy_and_eggs', [0, 3], 0.25, [
    ['Free-Range Eggs', 'dozen', 420, 1, 'egg', '#d9b48a', 'Brown eggs from hens that roam the farm yard.'],
    ['Duck Eggs', 'dozen', 720, 1, 'egg', '#dfe3d6', 'Large, rich duck eggs, great for baking.'],
    ['Quail Eggs', 'dozen', 300, 2, 'egg', '#d8c7a8', 'Speckled quail eggs, a dozen to a tray.'],
    ['Fresh Cow Milk', 'litre', 250, 1, 'bottle', '#f4f1e6', 'Whole milk, pasteurised on the farm and chilled the same day.'],
    ['Goat Milk', 'litre', 450, 1, 'bottle', '#f2efe4', 'Mild, creamy goat milk from a small herd.'],
    ['Wagashi Cheese', 'piece', 380, 1, 'cut', '#eadbb8', 'Soft Fulani cheese dyed with sorghum leaves; fry it or grill it.'],
    ['Natural Yoghurt', 'litre', 520, 1, 'jar', '#f5f2ea', 'Thick, tangy yoghurt made with our own milk and nothing else.'],
    ['Fresh Butter', 'g', 2, 250, 'cut', '#f3dd8a', 'Cultured butter churned weekly; sold by the gram, 250 g at least.'],
    ['Guinea Fowl Eggs', 'dozen', 540, 1, 'egg', '#cdb595', 'Small, hard-shelled eggs from free-ranging guinea fowl.'],
    ['Fresh Cream', 'litre', 780, 1, 'bottle', '#f6f0dc', 'Pouring cream skimmed from this morning\'s milk.'],
  ]),
  ...category('meat_and_fish', [0, 2], 0.1, [
    ['Whole Guinea Fowl', 'piece', 1800, 1, 'cut', '#9a6b52', 'Free-range guinea fowl, dressed and ready for the pot.'],
    ['Free-Range Chicken', 'piece', 1500, 1, 'cut', '#d9a27a', 'Slow-grown local chicken with firm, tasty meat.'],
    ['Goat Meat', 'kg', 1100, 1, 'cut', '#a8483e', 'Bone-in goat meat cut for light soup.'],
    ['Lean Beef', 'kg', 950, 1, 'cut', '#a33c3c', 'Grass-fed beef from the savannah, cut to order.'],
    ['Fresh Tilapia', 'kg', 850, 1, 'fish', '#8a9aa8', 'Lake Volta tilapia, gutted and scaled, on ice.'],
    ['Smoked Herrings', 'kg', 1200, 1, 'fish', '#b07a45', 'Traditionally smoked herrings, deep golden and fragrant.'],
    ['Red Snapper', 'kg', 1400, 1, 'fish', '#d05a4a', 'Line-caught snapper from the morning boats.'],
    ['Catfish', 'kg', 900, 1, 'fish', '#6b6f5a', 'Pond-raised catfish, lively and fresh, cleaned on request.'],
    ['Dried Anchovies (Keta School Boys)', 'kg', 1000, 1, 'fish', '#c2a06a', 'Sun-dried anchovies for soups and shito.'],
    ['Snails (Achatina)', 'dozen', 1500, 1, 'round', '#7a5a3e', 'Large forest snails, cleaned and ready for pepper soup.'],
    ['Lamb Chops', 'kg', 1600, 1, 'cut', '#b5524a', 'Tender chops from young sheep raised on open pasture.'],
  ]),
  ...category('herbs_and_spices', [0, 30], 0.55, [
    ['Fresh Ginger', 'kg', 500, 1, 'long', '#caa36a', 'Plump, juicy ginger roots with a bright, hot bite.'],
    ['Turmeric Root', 'kg', 700, 1, 'long', '#e39a2e', 'Fresh turmeric fingers, vivid orange inside.'],
    ['Lemongrass', 'bunch', 120, 2, 'leaf', '#9cbf5a', 'Fragrant stalks for tea and soups.'],
    ['Scent Leaf (Nunum)', 'bunch', 150, 1, 'leaf', '#4d8a3f', 'African basil with a clove-like scent, for stews and light soup.'],
    ['Prekese (Aidan Fruit)', 'piece', 80, 5, 'long', '#5a3a2a', 'Dried aidan pods that perfume soups with a sweet, smoky note.'],
    ['Grains of Selim (Hwentia)', 'g', 4, 100, 'cluster', '#4a3528', 'Smoky, peppery pods for hausa koko and spice blends.'],
    ['Dried Chilli Flakes', 'g', 3, 100, 'cluster', '#c23b2a', 'Sun-dried bird\'s eye chillies, coarsely ground.'],
    ['Garlic', 'kg', 900, 1, 'round', '#eee5d3', 'Plump heads of purple-skinned garlic, dried for keeping.'],
    ['Calabash Nutmeg (Wedeaba)', 'g', 5, 100, 'round', '#6a4a33', 'Whole African nutmeg for soups and grilled meat rubs.'],
    ['Fresh Mint', 'bunch', 180, 1, 'leaf', '#5aa05a', 'Cool garden mint for tea and salads.'],
    ['Dawadawa', 'g', 2, 200, 'cluster', '#5a4030', 'Fermented locust beans, the savoury heart of northern soups.'],
    ['Negro Pepper (Soro Wisa)', 'g', 4, 100, 'long', '#3f2e25', 'Dried pepper pods with a musky heat.'],
  ]),
  ...category('honey_and_preserves', [7, 90], 0.5, [
    ['Wildflower Honey', 'litre', 1500, 1, 'jar', '#e2a12e', 'Raw honey from hives among forest wildflowers, strained not heated.'],
    ['Forest Honey', 'litre', 1800, 1, 'jar', '#b86a1e', 'Dark, rich honey gathered from deep-forest hives.'],
    ['Honeycomb', 'piece', 900, 1, 'jar', '#e8b73a', 'A slab of sealed comb, just as the bees built it.'],
    ['Shea Honey', 'litre', 1700, 1, 'jar', '#d89a3a', 'Light honey from bees working the shea parklands.'],
    ['Mango Jam', 'piece', 550, 1, 'jar', '#f0a02e', 'Small-batch jam of ripe mangoes and a little lime.'],
    ['Pineapple Jam', 'piece', 520, 1, 'jar', '#e9c13e', 'Bright pineapple preserve, not too sweet.'],
    ['Shito (Black Pepper Sauce)', 'piece', 650, 1, 'jar', '#4a2a20', 'Slow-fried pepper sauce with dried fish and shrimp.'],
    ['Pickled Garden Eggs', 'piece', 480, 1, 'jar', '#9a8a4a', 'Garden eggs pickled with onion and chilli.'],
    ['Beeswax Block', 'piece', 600, 1, 'cut', '#e7c566', 'Filtered natural beeswax for candles, balms and wood polish.'],
    ['Guava Jelly', 'piece', 580, 1, 'jar', '#d8607a', 'Clear, pink guava jelly for toast and cheese.'],
  ]),
  ...category('plants_and_seeds', null, 0.35, [
    ['Tomato Seedlings', 'dozen', 600, 1, 'pot', '#4f9a4a', 'Strong, hardened-off seedlings ready for the garden.'],
    ['Pepper Seedlings', 'dozen', 600, 1, 'pot', '#58a04a', 'Scotch bonnet seedlings, six weeks old.'],
    ['Moringa Seedlings', 'piece', 250, 2, 'pot', '#6aa84f', 'Fast-growing moringa trees for leaves and shade.'],
    ['Cocoa Seedlings', 'piece', 300, 10, 'pot', '#6b4a30', 'Hybrid cocoa seedlings from a certified nursery.'],
    ['Grafted Mango Tree', 'piece', 1500, 1, 'pot', '#5a9a45', 'Grafted Kent mango, fruiting in two to three years.'],
    ['Aloe Vera Plant', 'piece', 400, 1, 'pot', '#7fb08a', 'Potted aloe, easy to keep on a sunny windowsill.'],
    ['Okra Seeds', 'g', 8, 50, 'cluster', '#6a8a4a', 'Open-pollinated okra seed saved from our best plants.'],
    ['Maize Seed (Obaatanpa)', 'kg', 900, 1, 'cluster', '#e2c15a', 'Quality-protein maize seed for the coming season.'],
    ['Garden Egg Seeds', 'g', 10, 20, 'cluster', '#d8cfa8', 'Seed of our white garden eggs, tested for germination.'],
    ['Potted Basil', 'piece', 350, 1, 'pot', '#4a9a4a', 'A bushy pot of sweet basil for the kitchen.'],
    ['Plantain Suckers', 'piece', 200, 5, 'pot', '#6a9a3a', 'Clean plantain suckers, pared and ready to plant.'],
  ]),
  ...category('nature_crafts', null, 0, [
    ['Bolga Market Basket', 'piece', 2200, 1, 'weave', '#c98a4a', 'Hand-woven elephant-grass basket with a leather-wrapped handle.'],
    ['Woven Straw Fan', 'piece', 450, 1, 'weave', '#d8b070', 'A light straw fan, woven in bright bands.'],
    ['Calabash Bowl', 'piece', 800, 1, 'round', '#b8844a', 'A polished calabash bowl, carved by hand.'],
    ['Carved Wooden Spoon Set', 'piece', 950, 1, 'long', '#8a5a3a', 'Three spoons carved from fallen mahogany.'],
    ['Raffia Table Mats', 'piece', 700, 1, 'weave', '#cfa866', 'A set of four round mats woven from raffia palm.'],
    ['Beeswax Candles', 'piece', 650, 1, 'bottle', '#e9c55a', 'Hand-dipped candles that smell faintly of honey.'],
    ['Shea Butter Soap', 'piece', 300, 2, 'cut', '#e8dcc0', 'Gentle soap made with raw shea butter and plantain ash.'],
    ['Clay Cooking Pot', 'piece', 1200, 1, 'pot', '#a5583a', 'A fired clay pot that keeps soups warm for hours.'],
    ['Kente Pattern Coasters', 'piece', 500, 1, 'weave', '#d9a53a', 'Coasters woven in kente colours by village weavers.'],
    ['Dried Flower Bouquet', 'bunch', 850, 1, 'leaf', '#c98a8a', 'Sun-dried grasses and flowers tied with raffia.'],
  ]),
  ...category('other', null, 0.3, [
    ['Raw Shea Butter', 'kg', 900, 1, 'cut', '#efe2b8', 'Unrefined shea butter, hand-processed by a women\'s co-operative.'],
    ['Red Palm Oil', 'litre', 450, 1, 'bottle', '#c8431e', 'Fresh-pressed palm oil for red-red and palm nut soup.'],
    ['Coconut Oil', 'litre', 700, 1, 'bottle', '#f3efe0', 'Cold-pressed virgin coconut oil.'],
    ['Groundnut Paste', 'piece', 400, 1, 'jar', '#b0773e', 'Smooth roasted peanut paste, no sugar added.'],
    ['Dried Hibiscus (Sobolo)', 'g', 2, 250, 'leaf', '#8a1f3a', 'Dried roselle calyces for sobolo drink.'],
    ['Cocoa Nibs', 'g', 3, 200, 'cluster', '#5a3a2a', 'Roasted, crushed cocoa beans from our own trees.'],
    ['Moringa Powder', 'g', 4, 100, 'cluster', '#6a8a3a', 'Shade-dried moringa leaves, finely milled.'],
    ['Charcoal (Sack)', 'crate', 1200, 1, 'weave', '#3a3a3a', 'Hardwood charcoal from sustainably pruned trees.'],
    ['Compost', 'crate', 800, 1, 'weave', '#6a4a30', 'Well-rotted farm compost for beds and pots.'],
    ['Palm Wine', 'litre', 350, 1, 'bottle', '#efe8d0', 'Fresh, sweet palm wine tapped this morning.'],
  ]),
];

export interface SeedFarm {
  username: string;
  email: string;
  businessName: string;
  /** The town and region, as shown on products and searched ("Kumasi, Ashanti"). */
  region: string;
  lat: number;
  lng: number;
  categories: TProductCategory[];
  bio: string;
  profession: string;
  /** The shop's story on its public page and at /seller-profile. */
  story: string;
}

/** Eight farms around real Ghanaian towns (coordinates of the town centres). */
export const SEED_FARMS: readonly SeedFarm[] = [
  {
    username: 'greenvalley',
    email: 'seller@demo.pulse.market',
    businessName: 'Green Valley Farm',
    region: 'Kumasi, Ashanti',
    lat: 6.6885,
    lng: -1.6244,
    categories: ['vegetables', 'herbs_and_spices', 'plants_and_seeds'],
    bio: 'Family vegetable farm on the edge of Kumasi since 1998. We pick to order.',
    profession: 'Vegetable grower',
    story:
      'My father cleared the first beds here in 1998 with a hoe and two goats for company. Today the three of us grow garden eggs, okra, peppers and leafy greens on four acres, water from our own borehole and pick only what has been ordered, so it reaches you the same day.',
  },
  {
    username: 'ashantigold',
    email: 'ashanti.gold@demo.pulse.market',
    businessName: 'Ashanti Gold Orchards',
    region: 'Ejisu, Ashanti',
    lat: 6.725,
    lng: -1.4667,
    categories: ['fruits', 'honey_and_preserves', 'vegetables'],
    bio: 'Mango, citrus and avocado orchards east of Kumasi, with a small jam kitchen.',
    profession: 'Fruit farmer',
    story:
      'Our orchards started as twenty grafted mango trees my grandmother planted for her retirement. We now tend mango, orange and avocado, and whatever is too ripe to travel goes into the jam kitchen behind the house. No wax, no ripening gas: fruit leaves us when it is ready.',
  },
  {
    username: 'coastalbreeze',
    email: 'coastal.breeze@demo.pulse.market',
    businessName: 'Coastal Breeze Farm & Fishery',
    region: 'Cape Coast, Central',
    lat: 5.1053,
    lng: -1.2466,
    categories: ['meat_and_fish', 'fruits', 'vegetables'],
    bio: 'Fish from the morning boats and sugarloaf pineapples from our coastal plots.',
    profession: 'Fisher and farmer',
    story:
      'Kofi goes out with the morning boats; Ama runs the pineapple plots a kilometre inland. Fish is gutted and iced on the beach within the hour, and the sugarloaf pineapples are cut the afternoon before your delivery.',
  },
  {
    username: 'voltasunrise',
    email: 'volta.sunrise@demo.pulse.market',
    businessName: 'Volta Sunrise Farm',
    region: 'Ho, Volta',
    lat: 6.6008,
    lng: 0.4713,
    categories: ['dairy_and_eggs', 'meat_and_fish', 'fruits'],
    bio: 'Mixed farm in the Volta hills: a small dairy herd, laying hens and guinea fowl.',
    profession: 'Dairy farmer',
    story:
      'Twelve cows, three hundred laying hens and a flock of guinea fowl in the Volta hills. The cows graze the hillside and are milked at dawn; milk is chilled on the farm and bottled the same morning.',
  },
  {
    username: 'savannahgrains',
    email: 'savannah.grains@demo.pulse.market',
    businessName: 'Savannah Grains Co-operative',
    region: 'Tamale, Northern',
    lat: 9.4034,
    lng: -0.8424,
    categories: ['grains', 'herbs_and_spices', 'other'],
    bio: 'Forty smallholders around Tamale pooling maize, millet, rice and shea.',
    profession: 'Co-operative manager',
    story:
      "Forty smallholder families around Tamale pool their harvests here so that each of them gets a fair price. We clean, dry and bag maize, millet and rice ourselves, and the women's group presses the shea butter by hand.",
  },
  {
    username: 'akuapemhoney',
    email: 'akuapem.honey@demo.pulse.market',
    businessName: 'Akuapem Hills Apiary',
    region: 'Akropong, Eastern',
    lat: 5.9747,
    lng: -0.088,
    categories: ['honey_and_preserves', 'plants_and_seeds', 'nature_crafts'],
    bio: 'Two hundred hives in the Akuapem hills and a tree nursery beside them.',
    profession: 'Beekeeper',
    story:
      'Two hundred hives on the ridges above Akropong, moved with the flowering of the forest trees. We harvest twice a year, strain the honey cold and never blend it, so each jar tastes of its season. Next to the apiary we raise seedlings for anyone who wants to plant for the bees.',
  },
  {
    username: 'bolgaweavers',
    email: 'bolga.weavers@demo.pulse.market',
    businessName: 'Bolga Weavers Collective',
    region: 'Bolgatanga, Upper East',
    lat: 10.7856,
    lng: -0.8514,
    categories: ['nature_crafts', 'other', 'grains'],
    bio: 'Weavers and shea processors of the Upper East, selling their own work.',
    profession: 'Weaver',
    story:
      'Our collective is twenty-six weavers from villages around Bolgatanga. Each basket takes two to four days and carries the name of the woman who wove it. We also process shea and sell a little millet from our own fields.',
  },
  {
    username: 'accraurbangreens',
    email: 'accra.greens@demo.pulse.market',
    businessName: 'Accra Urban Greens',
    region: 'Madina, Greater Accra',
    lat: 5.6685,
    lng: -0.1657,
    categories: ['vegetables', 'herbs_and_spices', 'dairy_and_eggs'],
    bio: 'Market garden in Madina growing leafy greens and herbs for the city.',
    profession: 'Urban farmer',
    story:
      'Half an acre behind a church in Madina that used to be a rubbish tip. We grow lettuce, kontomire, basil and mint in raised beds fed with compost from the neighbourhood, and keep a dozen hens for eggs.',
  },
];

export interface SeedPerson {
  username: string;
  email: string;
  bio: string;
  profession: string;
  isLegacyCreator: boolean;
  /** Avatar colour. */
  colour: string;
}

/** Buyers with a Pulse Hub profile; the first is the demo buyer. */
export const SEED_PEOPLE: readonly SeedPerson[] = [
  { username: 'ama_buys', email: 'buyer@demo.pulse.market', bio: 'Cooking for a family of five in Kumasi. Always after the freshest garden eggs.', profession: 'Teacher', isLegacyCreator: true, colour: '#c96b4a' },
  { username: 'kofi_cooks', email: 'kofi@demo.pulse.market', bio: 'Chef at a chop bar in Osu; I write about local ingredients.', profession: 'Chef', isLegacyCreator: true, colour: '#4a7ac9' },
  { username: 'esi_nutrition', email: 'esi@demo.pulse.market', bio: 'Nutritionist sharing simple recipes with millet, moringa and beans.', profession: 'Nutritionist', isLegacyCreator: false, colour: '#5a9a5a' },
  { username: 'yaw_gardens', email: 'yaw@demo.pulse.market', bio: 'Weekend gardener, seed saver and compost enthusiast.', profession: 'Civil engineer', isLegacyCreator: false, colour: '#9a7a3a' },
  { username: 'akosua_bakes', email: 'akosua@demo.pulse.market', bio: 'Home baker. Honey and fresh butter are my weaknesses.', profession: 'Baker', isLegacyCreator: false, colour: '#c9a04a' },
  { username: 'kwame_fitness', email: 'kwame@demo.pulse.market', bio: 'Personal trainer; eggs, beans and fruit by the crate.', profession: 'Fitness coach', isLegacyCreator: false, colour: '#7a4ac9' },
];

/** The password of every demo account (printed in the README). */
export const DEMO_PASSWORD = 'fresh-harvest-market-2026';
