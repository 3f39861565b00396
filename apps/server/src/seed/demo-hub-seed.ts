import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TProductCategory } from '@pulse/contract/products';
import type { Db } from '../db/client';
import { createId } from '../db/new-id';
import { hubCommentLikes, hubComments, hubFollows, hubPostImages, hubPostLikes, hubPostProducts, hubPosts } from '../db/schema/hub';
import { productImages, products } from '../db/schema/products';
import { users, type UserRow } from '../db/schema/users';
import { insertReportOnce } from '../modules/hub/hub-reports-repository';
import { tipPost } from '../modules/hub/hub-tips-service';
import { InsufficientFundsError } from '../modules/wallet/ledger-service';
import { demoTipMinor } from './demo-money';

/**
 * Pulse Hub of the demo (issue 12): posts of the demo farms and buyers over the last days, with the
 * farms' own product photos (their uploads) and linked products, comments and replies, likes,
 * follows, a few tips paid through the wallet (the real tip service: ledger, post total, the
 * author's notification) and one open report for the admin queue. Counters on posts and comments
 * are set from the rows written. Runs once: a database that has posts is left alone.
 */

const HOUR_MS = 3_600_000;

/** Who wrote what, how long ago; farm posts show the farm's products of `category`. */
interface SeedPost {
  key: string;
  author: string;
  hoursAgo: number;
  region: string | null;
  /**
   * Link (and show photos of) this many of the author's products of the category; farms only. The
   * titles in `prefer` come first (the text and the comments speak of them), then the farm's others.
   */
  products?: { category: TProductCategory; count: number; photos: boolean; prefer: readonly string[] };
  text: string;
}

export const SEED_HUB_POSTS: readonly SeedPost[] = [
  {
    key: 'greenvalley-harvest',
    author: 'greenvalley',
    hoursAgo: 3,
    region: 'Kumasi, Ashanti',
    products: { category: 'vegetables', count: 2, photos: true, prefer: ['Garden Eggs', 'Roma Tomatoes'] },
    text: "Harvest morning at Green Valley 🌱 The garden eggs came in firm and shiny after last week's rain, and the Roma tomatoes are not far behind. Packing for Saturday pickup now; order before Friday noon. #harvest #kumasi #freshproduce",
  },
  {
    key: 'ama-stew',
    author: 'ama_buys',
    hoursAgo: 5,
    region: 'Kumasi, Ashanti',
    text:
      'Made kontomire stew for the whole family with greens from @greenvalley. The kids asked for seconds, which never happens! Recipe in the comments if anyone wants it. #kontomire #familycooking',
  },
  {
    key: 'akuapem-honey',
    author: 'akuapemhoney',
    hoursAgo: 9,
    region: 'Akropong, Eastern',
    products: { category: 'honey_and_preserves', count: 1, photos: true, prefer: ['Forest Honey'] },
    text: 'First extraction of the dry season. This forest honey is dark and smoky from the flowers on the ridge. Thirty years with these bees and they still surprise me. #honey #beekeeping #akuapem',
  },
  {
    key: 'savannah-millet',
    author: 'savannahgrains',
    hoursAgo: 14,
    region: 'Tamale, Northern',
    products: { category: 'grains', count: 2, photos: true, prefer: ['Millet', 'Sorghum'] },
    text: "The co-operative finished threshing. The millet and sorghum are cleaned, sun-dried and bagged by the women's group in Tamale. Bulk orders for schools and chop bars are welcome. #millet #sorghum #tamale #cooperative",
  },
  {
    key: 'kofi-chef',
    author: 'kofi_cooks',
    hoursAgo: 20,
    region: 'Osu, Greater Accra',
    text:
      "Tonight's special at the chop bar: grilled tilapia with shito and kenkey. Fish straight from Cape Coast this morning, thanks @coastalbreeze. Local ingredients make the dish, not the chef. #chefslife #tilapia #accraeats",
  },
  {
    key: 'coastal-catch',
    author: 'coastalbreeze',
    hoursAgo: 26,
    region: 'Cape Coast, Central',
    products: { category: 'meat_and_fish', count: 1, photos: true, prefer: ['Red Snapper'] },
    text: 'The boats came back heavy today: red snapper on ice and ready for delivery along the coast road. We smoke what we do not sell by evening, so nothing goes to waste. #fishing #capecoast #freshcatch',
  },
  {
    key: 'esi-moringa',
    author: 'esi_nutrition',
    hoursAgo: 31,
    region: 'Kumasi, Ashanti',
    text:
      'Quick tip: a spoon of moringa powder in your morning koko adds iron and vitamin A without changing the taste much. Pair it with groundnuts for protein. Ask me anything about feeding toddlers! #nutrition #moringa #healthyeating',
  },
  {
    key: 'volta-eggs',
    author: 'voltasunrise',
    hoursAgo: 38,
    region: 'Ho, Volta',
    products: { category: 'dairy_and_eggs', count: 2, photos: true, prefer: ['Free-Range Eggs', 'Duck Eggs'] },
    text: 'Our layers are back to full production after the heat. Free-range and duck eggs are collected twice a day, cleaned and crated by hand on the hills outside Ho. #eggs #volta #freerange',
  },
  {
    key: 'yaw-compost',
    author: 'yaw_gardens',
    hoursAgo: 44,
    region: 'Kumasi, Ashanti',
    text:
      'Six weeks of turning the compost heap and it finally smells like forest floor. Next weekend the pepper seedlings go in. Anyone in Kumasi want to swap seeds? I have extra garden egg and okra. #compost #seedswap #weekendgarden',
  },
  {
    key: 'ashanti-mangoes',
    author: 'ashantigold',
    hoursAgo: 52,
    region: 'Ejisu, Ashanti',
    products: { category: 'fruits', count: 2, photos: true, prefer: ['Kent Mangoes', 'Avocados'] },
    text: 'Orchard update from Ejisu 🥭 The Kent mangoes are ripening faster than we can pick them. We let them ripen on the tree for flavour, so order a few days ahead. #orchard #ejisu #mangoseason',
  },
  {
    key: 'akosua-bread',
    author: 'akosua_bakes',
    hoursAgo: 60,
    region: 'Kumasi, Ashanti',
    text:
      'Honey wheat bread with honey from @akuapemhoney and fresh butter. The whole street could smell it. Baking another batch on Sunday if anyone wants a loaf. #homebaking #honeybread',
  },
  {
    key: 'accra-greens',
    author: 'accraurbangreens',
    hoursAgo: 68,
    region: 'Madina, Greater Accra',
    products: { category: 'herbs_and_spices', count: 2, photos: true, prefer: ['Fresh Mint', 'Scent Leaf (Nunum)'] },
    text: 'Rooftop beds in Madina are full of mint and scent leaf this week. Grown in the city, cut on the morning of your order, on your plate by lunch. #urbanfarming #accra #herbs',
  },
  {
    key: 'bolga-baskets',
    author: 'bolgaweavers',
    hoursAgo: 80,
    region: 'Bolgatanga, Upper East',
    products: { category: 'nature_crafts', count: 1, photos: true, prefer: ['Bolga Market Basket'] },
    text: 'Each Bolga market basket takes our weavers two to four days of elephant grass, dye and patience. Every piece is signed by the woman who made it. #bolga #handmade #weaving',
  },
  {
    key: 'kwame-protein',
    author: 'kwame_fitness',
    hoursAgo: 90,
    region: 'Madina, Greater Accra',
    text:
      'Meal prep Sunday: two crates of eggs, beans and a bag of oranges from the market here. Cheaper than any supplement and it comes from farms down the road. #mealprep #fitness #eatlocal',
  },
  {
    key: 'greenvalley-seedlings',
    author: 'greenvalley',
    hoursAgo: 100,
    region: 'Kumasi, Ashanti',
    products: { category: 'plants_and_seeds', count: 1, photos: true, prefer: ['Tomato Seedlings'] },
    text: 'For the home gardeners: tomato seedlings, ready to plant before the rains. We raise them in the same soil as our own beds. Come by the farm on Saturday and we will show you how we stake them. #gardening #seedlings',
  },
  {
    key: 'kwame-deal',
    author: 'kwame_fitness',
    hoursAgo: 34,
    region: null,
    text: 'Half-price "organic" eggs, 100 crates only!! Send MoMo to 024 000 0000 first and I confirm your order after. DM me #deal #cheap',
  },
];

/** Comments (with replies: `replyTo` is a comment key) on the posts above; minutes after the post. */
interface SeedComment {
  key: string;
  post: string;
  author: string;
  minutesAfter: number;
  text: string;
  replyTo?: string;
}

export const SEED_HUB_COMMENTS: readonly SeedComment[] = [
  { key: 'c1', post: 'greenvalley-harvest', author: 'ama_buys', minutesAfter: 20, text: 'Ordered two kilos already. Your garden eggs never disappoint!' },
  { key: 'c2', post: 'greenvalley-harvest', author: 'greenvalley', minutesAfter: 45, text: 'Thank you Ama! Packed them myself this morning.', replyTo: 'c1' },
  { key: 'c3', post: 'greenvalley-harvest', author: 'yaw_gardens', minutesAfter: 70, text: 'What variety are these? Mine never get that shiny.' },
  { key: 'c4', post: 'greenvalley-harvest', author: 'greenvalley', minutesAfter: 95, text: 'Local white and green ones. Lots of compost and water in the evening, not at noon.', replyTo: 'c3' },
  { key: 'c5', post: 'greenvalley-harvest', author: 'yaw_gardens', minutesAfter: 110, text: 'Evening watering, noted. Thanks!', replyTo: 'c4' },
  { key: 'c6', post: 'ama-stew', author: 'esi_nutrition', minutesAfter: 30, text: 'Kontomire is full of iron, great choice for growing kids.' },
  { key: 'c7', post: 'ama-stew', author: 'kofi_cooks', minutesAfter: 50, text: 'Recipe please! Do you add agushie?' },
  { key: 'c8', post: 'ama-stew', author: 'ama_buys', minutesAfter: 80, text: 'Yes, ground agushie, palm oil, smoked fish, onions and a little pepper. Simmer slowly.', replyTo: 'c7' },
  { key: 'c9', post: 'akuapem-honey', author: 'akosua_bakes', minutesAfter: 40, text: 'This is the honey I bake with. Nothing compares.' },
  { key: 'c10', post: 'akuapem-honey', author: 'akuapemhoney', minutesAfter: 90, text: 'Your honey bread made my week, Akosua.', replyTo: 'c9' },
  { key: 'c11', post: 'savannah-millet', author: 'esi_nutrition', minutesAfter: 60, text: 'Millet porridge for breakfast is the best start to the day. Supporting the co-op!' },
  { key: 'c12', post: 'kofi-chef', author: 'coastalbreeze', minutesAfter: 35, text: 'Glad the tilapia made it in time, chef!' },
  { key: 'c13', post: 'kofi-chef', author: 'kwame_fitness', minutesAfter: 75, text: 'Coming by tonight. Save me a plate.' },
  { key: 'c14', post: 'kofi-chef', author: 'kofi_cooks', minutesAfter: 90, text: 'One plate with extra shito reserved for you.', replyTo: 'c13' },
  { key: 'c15', post: 'coastal-catch', author: 'kofi_cooks', minutesAfter: 25, text: 'Put me down for the usual order on Thursday.' },
  { key: 'c16', post: 'esi-moringa', author: 'ama_buys', minutesAfter: 45, text: 'How much for a two-year-old?' },
  { key: 'c17', post: 'esi-moringa', author: 'esi_nutrition', minutesAfter: 70, text: 'Half a teaspoon a day is plenty at that age.', replyTo: 'c16' },
  { key: 'c18', post: 'volta-eggs', author: 'kwame_fitness', minutesAfter: 30, text: 'Best eggs I have had. The yolks are so orange.' },
  { key: 'c19', post: 'yaw-compost', author: 'greenvalley', minutesAfter: 55, text: 'Good compost is half the harvest. Happy to swap some pepper seed with you.' },
  { key: 'c20', post: 'yaw-compost', author: 'yaw_gardens', minutesAfter: 85, text: 'Deal! I will bring okra seed on Saturday.', replyTo: 'c19' },
  { key: 'c21', post: 'ashanti-mangoes', author: 'akosua_bakes', minutesAfter: 60, text: 'Mango season means mango tarts. Ordering this week.' },
  { key: 'c22', post: 'accra-greens', author: 'kofi_cooks', minutesAfter: 40, text: 'Your scent leaf is in every light soup at the chop bar now.' },
];

/** Who likes which post; likes on comments below. */
export const SEED_HUB_POST_LIKES: Readonly<Record<string, readonly string[]>> = {
  'greenvalley-harvest': ['ama_buys', 'yaw_gardens', 'esi_nutrition', 'kofi_cooks', 'akosua_bakes', 'accraurbangreens'],
  'ama-stew': ['esi_nutrition', 'kofi_cooks', 'greenvalley', 'akosua_bakes'],
  'akuapem-honey': ['akosua_bakes', 'ama_buys', 'ashantigold', 'kwame_fitness', 'esi_nutrition'],
  'savannah-millet': ['esi_nutrition', 'bolgaweavers', 'yaw_gardens'],
  'kofi-chef': ['coastalbreeze', 'kwame_fitness', 'ama_buys', 'akosua_bakes'],
  'coastal-catch': ['kofi_cooks', 'voltasunrise'],
  'esi-moringa': ['ama_buys', 'kwame_fitness', 'savannahgrains'],
  'volta-eggs': ['kwame_fitness', 'akosua_bakes'],
  'yaw-compost': ['greenvalley', 'accraurbangreens'],
  'ashanti-mangoes': ['akosua_bakes', 'ama_buys', 'kofi_cooks'],
  'akosua-bread': ['akuapemhoney', 'ama_buys', 'kwame_fitness'],
  'accra-greens': ['kofi_cooks', 'yaw_gardens'],
  'bolga-baskets': ['ama_buys', 'esi_nutrition'],
  'kwame-protein': ['voltasunrise', 'esi_nutrition'],
  'greenvalley-seedlings': ['yaw_gardens'],
};

export const SEED_HUB_COMMENT_LIKES: Readonly<Record<string, readonly string[]>> = {
  c1: ['greenvalley'],
  c4: ['yaw_gardens', 'ama_buys'],
  c8: ['kofi_cooks', 'esi_nutrition'],
  c10: ['akosua_bakes'],
  c14: ['kwame_fitness'],
  c17: ['ama_buys'],
};

/** Follower -> the people they follow. */
export const SEED_HUB_FOLLOWS: Readonly<Record<string, readonly string[]>> = {
  ama_buys: ['greenvalley', 'akuapemhoney', 'esi_nutrition', 'kofi_cooks', 'ashantigold'],
  kofi_cooks: ['coastalbreeze', 'accraurbangreens', 'greenvalley', 'ama_buys'],
  esi_nutrition: ['savannahgrains', 'greenvalley', 'ama_buys'],
  yaw_gardens: ['greenvalley', 'accraurbangreens'],
  akosua_bakes: ['akuapemhoney', 'voltasunrise', 'ashantigold'],
  kwame_fitness: ['voltasunrise', 'kofi_cooks'],
  greenvalley: ['ama_buys', 'yaw_gardens', 'accraurbangreens'],
  akuapemhoney: ['akosua_bakes', 'bolgaweavers'],
  coastalbreeze: ['kofi_cooks'],
};

/** Tips through the wallet (the demo buyer's top-up and the delivery buyers' pay for them). */
export const SEED_HUB_TIPS: ReadonlyArray<{ from: string; post: string; amountMinor: number }> = [
  { from: 'ama_buys', post: 'greenvalley-harvest', amountMinor: 200 },
  { from: 'ama_buys', post: 'akuapem-honey', amountMinor: 500 },
  { from: 'kofi_cooks', post: 'coastal-catch', amountMinor: 100 },
  { from: 'esi_nutrition', post: 'savannah-millet', amountMinor: 200 },
];

/** The demo's open report (the admin queue has something to decide). */
export const SEED_HUB_REPORT = {
  post: 'kwame-deal',
  reporter: 'akosua_bakes',
  category: 'scam' as const,
  comment: 'Asks for mobile money before any order, outside Pulse Market.',
};

/** Elders of the Hub beside the demo's legacy-creator buyers (catalogue-data SEED_PEOPLE). */
const LEGACY_FARMS: ReadonlyArray<{ username: string; bio: string; profession: string }> = [
  {
    username: 'akuapemhoney',
    bio: 'Keeping bees on the Akuapem ridge since 1994. Raw forest honey, beeswax and the stories that come with them.',
    profession: 'Master beekeeper',
  },
];

export interface DemoHubSummary {
  posts: number;
  comments: number;
  likes: number;
  follows: number;
  tips: number;
  reports: number;
}

async function usersByName(db: Db, usernames: string[]): Promise<Map<string, UserRow>> {
  const rows = await db.select().from(users).where(inArray(users.username, usernames));
  return new Map(rows.map((row) => [row.username, row]));
}

/** The author's active products of the category with their first photo (an upload the author owns). */
async function productsOf(db: Db, sellerUserId: string, { category, count, prefer }: NonNullable<SeedPost['products']>) {
  const rows = await db
    .select({ id: products.id, title: products.title, uploadId: productImages.uploadId })
    .from(products)
    .leftJoin(productImages, and(eq(productImages.productId, products.id), eq(productImages.position, 0)))
    .where(and(eq(products.sellerUserId, sellerUserId), eq(products.category, category), eq(products.status, 'active')))
    .orderBy(sql`array_position(array[${sql.join(prefer.map((title) => sql`${title}`), sql`, `)}]::text[], ${products.title}) nulls last`, asc(products.id))
    .limit(count);
  return rows;
}

/**
 * After the rest of the demo (the wallets are funded): writes the Hub. Returns null when the
 * database already has posts (a second run changes nothing).
 */
export async function seedDemoHub(app: FastifyInstance, now: Date): Promise<DemoHubSummary | null> {
  const { db } = app;
  const [existing] = await db.select({ total: sql<number>`count(*)::int` }).from(hubPosts);
  if (Number(existing?.total ?? 0) > 0) return null;

  const names = new Set<string>([
    ...SEED_HUB_POSTS.map((post) => post.author),
    ...SEED_HUB_COMMENTS.map((comment) => comment.author),
    ...Object.values(SEED_HUB_POST_LIKES).flat(),
    ...Object.values(SEED_HUB_COMMENT_LIKES).flat(),
    ...Object.entries(SEED_HUB_FOLLOWS).flat(2),
    ...SEED_HUB_TIPS.map((tip) => tip.from),
    SEED_HUB_REPORT.reporter,
    ...LEGACY_FARMS.map((farm) => farm.username),
  ]);
  const people = await usersByName(db, [...names]);
  const userId = (username: string): string => {
    const row = people.get(username);
    if (!row) throw new Error(`demo hub seed: no user ${username}`);
    return row.id;
  };

  const summary = await db.transaction(async (tx) => {
    for (const farm of LEGACY_FARMS) {
      await tx.update(users).set({ isLegacyCreator: true, bio: farm.bio, profession: farm.profession }).where(eq(users.id, userId(farm.username)));
    }

    const postIds = new Map<string, string>();
    const postTimes = new Map<string, Date>();
    for (const post of SEED_HUB_POSTS) {
      const createdAt = new Date(now.getTime() - post.hoursAgo * HOUR_MS);
      const authorUserId = userId(post.author);
      const linked = post.products ? await productsOf(tx, authorUserId, post.products) : [];
      const id = createId(createdAt.getTime());
      await tx.insert(hubPosts).values({
        id,
        authorUserId,
        clientId: createId(createdAt.getTime()),
        text: post.text,
        region: post.region,
        createdAt,
      });
      if (linked.length > 0) {
        await tx.insert(hubPostProducts).values(linked.map((product, position) => ({ postId: id, productId: product.id, position })));
        const photos = post.products?.photos ? linked.flatMap((product) => (product.uploadId ? [product.uploadId] : [])) : [];
        if (photos.length > 0) await tx.insert(hubPostImages).values(photos.map((uploadId, position) => ({ postId: id, uploadId, position })));
      }
      postIds.set(post.key, id);
      postTimes.set(post.key, createdAt);
    }
    const postIdOf = (key: string): string => {
      const id = postIds.get(key);
      if (!id) throw new Error(`demo hub seed: no post ${key}`);
      return id;
    };

    // Comments: a reply hangs under the top-level comment of its thread, "replying to" the one it answers.
    const commentIds = new Map<string, { id: string; parentId: string | null; authorUserId: string }>();
    const commentCounts = new Map<string, number>();
    for (const comment of SEED_HUB_COMMENTS) {
      const postTime = postTimes.get(comment.post) ?? now;
      const createdAt = new Date(Math.min(postTime.getTime() + comment.minutesAfter * 60_000, now.getTime() - 60_000));
      const answered = comment.replyTo ? commentIds.get(comment.replyTo) : undefined;
      const id = createId(createdAt.getTime());
      const authorUserId = userId(comment.author);
      await tx.insert(hubComments).values({
        id,
        postId: postIdOf(comment.post),
        authorUserId,
        parentId: answered ? (answered.parentId ?? answered.id) : null,
        replyToUserId: answered && answered.parentId !== null ? answered.authorUserId : null,
        text: comment.text,
        createdAt,
      });
      commentIds.set(comment.key, { id, parentId: answered ? (answered.parentId ?? answered.id) : null, authorUserId });
      commentCounts.set(comment.post, (commentCounts.get(comment.post) ?? 0) + 1);
    }

    let likes = 0;
    for (const [postKey, likers] of Object.entries(SEED_HUB_POST_LIKES)) {
      const postId = postIdOf(postKey);
      const postTime = postTimes.get(postKey) ?? now;
      await tx.insert(hubPostLikes).values(
        likers.map((username, index) => ({ postId, userId: userId(username), createdAt: new Date(Math.min(postTime.getTime() + (index + 1) * 7 * 60_000, now.getTime())) })),
      );
      await tx.update(hubPosts).set({ likeCount: likers.length }).where(eq(hubPosts.id, postId));
      likes += likers.length;
    }
    for (const [commentKey, likers] of Object.entries(SEED_HUB_COMMENT_LIKES)) {
      const comment = commentIds.get(commentKey);
      if (!comment) throw new Error(`demo hub seed: no comment ${commentKey}`);
      await tx.insert(hubCommentLikes).values(likers.map((username) => ({ commentId: comment.id, userId: userId(username) })));
      await tx.update(hubComments).set({ likeCount: likers.length }).where(eq(hubComments.id, comment.id));
      likes += likers.length;
    }
    for (const [postKey, count] of commentCounts) {
      await tx.update(hubPosts).set({ commentCount: count }).where(eq(hubPosts.id, postIdOf(postKey)));
    }

    const follows = Object.entries(SEED_HUB_FOLLOWS).flatMap(([follower, followees]) =>
      followees.map((followee) => ({ followerUserId: userId(follower), followeeUserId: userId(followee) })),
    );
    await tx.insert(hubFollows).values(follows);

    const reported = SEED_HUB_POSTS.find((post) => post.key === SEED_HUB_REPORT.post);
    const report = await insertReportOnce(tx, {
      reporterUserId: userId(SEED_HUB_REPORT.reporter),
      targetType: 'post',
      targetId: postIdOf(SEED_HUB_REPORT.post),
      postId: postIdOf(SEED_HUB_REPORT.post),
      authorUserId: userId(reported?.author ?? ''),
      category: SEED_HUB_REPORT.category,
      comment: SEED_HUB_REPORT.comment,
    });

    return { postIds, posts: SEED_HUB_POSTS.length, comments: SEED_HUB_COMMENTS.length, likes, follows: follows.length, reports: report ? 1 : 0 };
  });

  // Tips after the commit, through the tip service (ledger movement, post total, the author's notification).
  let tips = 0;
  for (const [index, tip] of SEED_HUB_TIPS.entries()) {
    const tipper = people.get(tip.from);
    const postId = summary.postIds.get(tip.post);
    if (!tipper || !postId) throw new Error(`demo hub seed: tip ${index} names nobody`);
    try {
      await tipPost(app, tipper, postId, { amountMinor: demoTipMinor(tip.amountMinor, app.config.currency) }, `demo-seed-hub-tip-${index + 1}`);
      tips += 1;
    } catch (error) {
      // A buyer whose demo orders took the whole top-up simply does not tip.
      if (!(error instanceof InsufficientFundsError)) throw error;
    }
  }
  const { postIds: _postIds, ...counts } = summary;
  return { ...counts, tips };
}
