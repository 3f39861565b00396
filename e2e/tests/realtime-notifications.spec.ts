import { expect, test } from '@playwright/test';
import { FIXTURE_COUNTS, FIXTURE_USERS } from '../support/fixtures';
import { readSignedInUserId, startConversationFromPage } from '../support/api-in-page';
import { openLive, openSecondPerson } from '../support/realtime';
import { getShell } from '../support/shell';

const BELL_PATH = '/sounds/bell.mp3';
const TOAST_ARRIVAL_MS = 5_000;

test.describe('live notifications (two browsers)', () => {
  // The Pulse Hub's own events (like, comment) have no API yet; the marketplace's real event is a
  // chat message, which notifies its receiver with a new_message notification.
  test('a message from A reaches B on /notifications: toast, badge +1, bell, and the toast opens the chat', async ({ page, browser }) => {
    const receiver = page;
    await openLive(receiver, FIXTURE_USERS.liveReceiver, '/notifications');
    const shell = getShell(receiver);
    const before = FIXTURE_COUNTS.liveReceiverMarketplaceUnread;
    await expect(shell.notificationsBadge).toHaveText(String(before));
    await expect(receiver.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    const receiverId = await readSignedInUserId(receiver);

    const sender = await openSecondPerson(browser);
    try {
      await openLive(sender.page, FIXTURE_USERS.liveSender, '/messages');
      const conversationId = await startConversationFromPage(sender.page, receiverId);
      await sender.page.goto(`/chat/${conversationId}`);

      const bell = receiver.waitForRequest((request) => new URL(request.url()).pathname === BELL_PATH, { timeout: TOAST_ARRIVAL_MS });
      const text = `Fresh basil for Saturday? ${Date.now()}`;
      await sender.page.getByRole('textbox', { name: 'Message' }).fill(text);
      await sender.page.getByRole('button', { name: 'Send' }).click();

      const toast = receiver.getByTestId('notification-toast');
      await expect(toast, 'the toast arrives without a reload').toBeVisible({ timeout: TOAST_ARRIVAL_MS });
      await expect(toast).toHaveAttribute('role', 'alert');
      await expect(toast).toContainText('New Message');
      await expect(shell.notificationsBadge, 'the general count went up by one').toHaveText(String(before + 1));
      expect((await bell).url(), 'the bell was fetched').toContain(BELL_PATH);

      // The list on screen shows it on top, marked unread.
      const newest = receiver.locator('li[data-testid=notification-item]').first();
      await expect(newest).toContainText('New Message');
      await expect(newest).toContainText('Unread');

      // A click on the toast's body (not its close button) opens what it is about: the chat.
      await toast.getByText('New Message').click();
      await expect(receiver).toHaveURL(new RegExp(`/chat/${conversationId}$`, 'i'));
      await expect(receiver.getByTestId('message').filter({ hasText: text })).toBeVisible();
      await expect(toast).toBeHidden();
    } finally {
      await sender.context.close();
    }
  });

  test('the toast goes away by itself after about 6 s', async ({ page, browser }) => {
    const receiver = page;
    await openLive(receiver, FIXTURE_USERS.liveReceiver, '/notifications');
    const receiverId = await readSignedInUserId(receiver);
    const sender = await openSecondPerson(browser);
    try {
      await openLive(sender.page, FIXTURE_USERS.liveSender, '/messages');
      const conversationId = await startConversationFromPage(sender.page, receiverId);
      await sender.page.goto(`/chat/${conversationId}`);
      await sender.page.getByRole('textbox', { name: 'Message' }).fill(`Still there? ${Date.now()}`);
      await sender.page.getByRole('button', { name: 'Send' }).click();

      const toast = receiver.getByTestId('notification-toast');
      await expect(toast).toBeVisible({ timeout: TOAST_ARRIVAL_MS });
      const shownAt = Date.now();
      await receiver.waitForTimeout(4_500);
      await expect(toast, 'still shown well before 6 s').toBeVisible();
      await expect(toast).toBeHidden({ timeout: 4_000 });
      expect(Date.now() - shownAt).toBeGreaterThanOrEqual(5_000);
    } finally {
      await sender.context.close();
    }
  });
});
