import { expect, test, type Page } from '@playwright/test';
import { FIXTURE_USERS } from '../support/fixtures';
import { createSolidPng, readSignedInUserId, readStoredMessages, startConversationFromPage } from '../support/api-in-page';
import { openLive, openSecondPerson } from '../support/realtime';
import { getShell } from '../support/shell';

const LIVE_MS = 5_000;

function getBubble(page: Page, text: string) {
  return page.getByTestId('message').filter({ hasText: text });
}

async function sendText(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(getBubble(page, text)).toHaveAttribute('data-status', 'sent');
}

test.describe('live chat between two browsers', () => {
  test('messages arrive without reload, the Messages badge follows +1 / -1 / never below 0, receipts turn to Seen', async ({ page, browser }) => {
    const seller = page;
    await openLive(seller, FIXTURE_USERS.chatSeller, '/messages');
    const sellerShell = getShell(seller);
    await expect(seller.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    await expect(sellerShell.messagesBadge, 'nothing unread yet').toHaveCount(0);
    const sellerId = await readSignedInUserId(seller);

    const buyer = await openSecondPerson(browser);
    try {
      await openLive(buyer.page, FIXTURE_USERS.chatBuyer, '/messages');
      const conversationId = await startConversationFromPage(buyer.page, sellerId);
      await buyer.page.goto(`/chat/${conversationId}`);
      await expect(buyer.page.getByRole('heading', { level: 1, name: FIXTURE_USERS.chatSeller.username })).toBeVisible();

      // The seller is on /messages, not in the chat: +1, and the conversation shows the message.
      await sendText(buyer.page, 'Are the tomatoes ripe?');
      await expect(sellerShell.messagesBadge, '+1 on messageReceived').toHaveText('1', { timeout: LIVE_MS });
      const conversation = seller.getByTestId('conversation-item').filter({ hasText: FIXTURE_USERS.chatBuyer.username });
      await expect(conversation).toContainText('Are the tomatoes ripe?');
      await expect(buyer.page.getByTestId('read-receipt')).toHaveText('Sent');

      // Opening the chat reads it: -1, and the buyer's receipt turns to "Seen" live.
      await conversation.click();
      await expect(seller).toHaveURL(new RegExp(`/chat/${conversationId}$`, 'i'));
      await expect(getBubble(seller, 'Are the tomatoes ripe?')).toBeVisible();
      await expect(sellerShell.messagesBadge, '-1 on chatOpened').toHaveCount(0);
      await expect(buyer.page.getByTestId('read-receipt')).toHaveText('Seen', { timeout: LIVE_MS });

      // While the seller has the chat on screen, a new message appears there and is not counted.
      await sendText(buyer.page, 'I can pick them up on Friday.');
      await expect(getBubble(seller, 'I can pick them up on Friday.'), 'arrives without reload').toBeVisible({ timeout: LIVE_MS });
      await expect(sellerShell.messagesBadge).toHaveCount(0);
      await seller.getByRole('textbox', { name: 'Message' }).fill('Yes, picked this morning.');
      await seller.getByRole('button', { name: 'Send' }).click();
      await expect(getBubble(buyer.page, 'Yes, picked this morning.'), 'the answer arrives the other way too').toBeVisible({ timeout: LIVE_MS });

      // Back on the list, opening the read chat again must not push the count below 0: the next
      // message still reads "1".
      await seller.getByRole('link', { name: 'Back to messages' }).click();
      await conversation.click();
      await expect(seller).toHaveURL(new RegExp(`/chat/${conversationId}$`, 'i'));
      await expect(getBubble(seller, 'Yes, picked this morning.')).toBeVisible();
      await seller.getByRole('link', { name: 'Back to messages' }).click();
      await expect(seller).toHaveURL(/\/messages$/);
      await sendText(buyer.page, 'See you then.');
      await expect(sellerShell.messagesBadge, 'never below 0').toHaveText('1', { timeout: LIVE_MS });
    } finally {
      await buyer.context.close();
    }
  });

  test('a double click on Send stores one message, and a picture arrives in the other browser', async ({ page, browser }) => {
    const seller = page;
    await openLive(seller, FIXTURE_USERS.chatSeller, '/messages');
    const sellerId = await readSignedInUserId(seller);

    const buyer = await openSecondPerson(browser);
    try {
      await openLive(buyer.page, FIXTURE_USERS.chatBuyer, '/messages');
      const conversationId = await startConversationFromPage(buyer.page, sellerId);
      await seller.goto(`/chat/${conversationId}`);
      await buyer.page.goto(`/chat/${conversationId}`);
      await expect(seller.getByTestId('chat-messages')).toBeVisible();

      const once = `Two crates, please (${Date.now()})`;
      await buyer.page.getByRole('textbox', { name: 'Message' }).fill(once);
      await buyer.page.getByRole('button', { name: 'Send' }).dblclick();
      await expect(getBubble(buyer.page, once)).toHaveAttribute('data-status', 'sent');
      await expect(getBubble(seller, once)).toBeVisible({ timeout: LIVE_MS });
      // Give a second send time to land before counting what the server kept.
      await buyer.page.waitForTimeout(1_000);
      await expect(getBubble(buyer.page, once)).toHaveCount(1);
      await expect(getBubble(seller, once)).toHaveCount(1);
      const stored = await readStoredMessages(buyer.page, conversationId);
      expect(stored.filter((message) => message.body === once), 'stored once').toHaveLength(1);

      const chooser = buyer.page.waitForEvent('filechooser');
      await buyer.page.getByRole('button', { name: 'Add a picture' }).click();
      await (await chooser).setFiles({ name: 'tomatoes.png', mimeType: 'image/png', buffer: createSolidPng() });
      await expect(buyer.page.getByRole('img', { name: 'Picture to send' })).toBeVisible();
      await buyer.page.getByRole('textbox', { name: 'Message' }).fill('This is the crate.');
      await buyer.page.getByRole('button', { name: 'Send' }).click();
      await expect(getBubble(buyer.page, 'This is the crate.')).toHaveAttribute('data-status', 'sent');

      const arrived = getBubble(seller, 'This is the crate.');
      await expect(arrived).toBeVisible({ timeout: LIVE_MS });
      const picture = arrived.getByRole('img', { name: 'Picture' });
      await expect(picture).toBeVisible();
      // Loaded from the server, not a broken image.
      await expect.poll(() => picture.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    } finally {
      await buyer.context.close();
    }
  });

  test("the farm's name, not its username, heads the chat and names the conversation", async ({ page, browser }) => {
    const farm = page;
    await openLive(farm, FIXTURE_USERS.approvedSeller, '/messages');
    const farmId = await readSignedInUserId(farm);

    const buyer = await openSecondPerson(browser);
    try {
      await openLive(buyer.page, FIXTURE_USERS.chatBuyer, '/messages');
      const conversationId = await startConversationFromPage(buyer.page, farmId);
      await buyer.page.goto(`/chat/${conversationId}`);
      await expect(buyer.page.getByRole('heading', { level: 1, name: 'Approved Acres' })).toBeVisible();
      await sendText(buyer.page, 'Do you deliver to Ejisu?');

      await buyer.page.getByRole('link', { name: 'Back to messages' }).click();
      const names = buyer.page.getByTestId('conversation-name');
      await expect(names.filter({ hasText: 'Approved Acres' })).toHaveCount(1);
      await expect(names.filter({ hasText: FIXTURE_USERS.approvedSeller.username })).toHaveCount(0);
    } finally {
      await buyer.context.close();
    }
  });
});
