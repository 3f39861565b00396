import { msg } from '@lingui/core/macro';
import type { LegalDocument } from './legal-document-types';
import { LEGAL_LAST_UPDATED } from './legal-dates';

export function buildPrivacyDocument(appName: string, contactEmail: string): LegalDocument {
  return {
    title: msg`Privacy Policy`,
    lastUpdated: LEGAL_LAST_UPDATED,
    summary: [
      msg`We collect what we need to run the marketplace: your account, your orders, your payments and what you choose to share.`,
      msg`We use exactly one cookie, an HttpOnly session cookie that keeps you signed in. No advertising or tracking cookies.`,
      msg`Sellers and agents see only what they need to fulfil and deliver your order.`,
      msg`We never sell your personal data.`,
      msg`You can see, correct, export or delete your data by writing to us.`,
    ],
    sections: [
      {
        id: 'privacy-who-we-are',
        title: msg`Who we are and what this covers`,
        blocks: [
          {
            kind: 'paragraph',
            text: msg`This policy explains how ${appName} handles personal data when you browse the marketplace, buy or sell produce, work as a Pulse Agent, take part in Pulse Hub or talk to Pulse Assistant. The operator of ${appName} is the controller of that data and can be reached at ${contactEmail}.`,
          },
        ],
      },
      {
        id: 'privacy-data-we-collect',
        title: msg`What data we collect`,
        blocks: [
          { kind: 'subheading', text: msg`Data you give us` },
          {
            kind: 'list',
            items: [
              msg`Account: e-mail address, username and password. We store only a strong one-way hash of your password, never the password itself. If you sign in with another provider, we keep that provider’s identifier for your account.`,
              msg`Profile: optional profile picture, bio and profession.`,
              msg`Addresses: the delivery addresses you save, with any directions you add.`,
              msg`Seller applications: business name, farm or workshop location, the kinds of produce you sell, phone number, payout details and an identity document.`,
              msg`Pulse Agent applications: whether you deliver or refer, your area, your vehicle, phone number and an identity document.`,
              msg`Listings: product descriptions, photos, prices, stock, harvest dates and origin.`,
              msg`Messages between buyers, sellers and agents, including images you send.`,
              msg`Pulse Hub: posts, photos, comments, likes, tips, follows and the reports you make.`,
              msg`Questions you ask Pulse Assistant.`,
              msg`Reviews and ratings you write.`,
            ],
          },
          { kind: 'subheading', text: msg`Data created when you use the marketplace` },
          {
            kind: 'list',
            items: [
              msg`Orders: items, amounts, the delivery slot, status changes and who made them.`,
              msg`Wallet: top-ups, payments, escrow, refunds, tips, earnings and payouts.`,
              msg`Deliveries: the assigned agent, pickup and drop-off points, delivery proof (confirmation, photo, name of the person who received it) and, while an order is in transit, the agent’s location.`,
              msg`Notifications we send you and whether you have read them; your push notification subscription if you turn push on.`,
              msg`Security records: sign-in sessions, IP address, browser type and the time of requests, used to keep accounts safe and to limit abuse.`,
            ],
          },
          { kind: 'subheading', text: msg`Data from others` },
          {
            kind: 'list',
            items: [
              msg`Our payment provider tells us whether a top-up or payout succeeded. It does not share your full card number with us.`,
              msg`If someone signed you up with a Pulse Agent referral code, we record that link so the agent can be credited.`,
            ],
          },
        ],
      },
      {
        id: 'privacy-why',
        title: msg`Why we use it`,
        blocks: [
          {
            kind: 'list',
            items: [
              msg`To provide the service you asked for: your account, listings, checkout, escrow, delivery, messaging, Pulse Hub and notifications. This is necessary to perform our contract with you.`,
              msg`To review seller and agent applications, check identity and prevent fraud, scams and fake accounts. This is in our legitimate interest and yours in a safe marketplace, and sometimes a legal obligation.`,
              msg`To keep financial records for tax and accounting, which the law requires of us.`,
              msg`To moderate Pulse Hub and resolve reports, refund requests and disputes fairly.`,
              msg`To improve the marketplace using aggregated figures, such as which categories are searched most, that do not identify you.`,
              msg`To send push notifications, only if you have switched them on in your browser. You can switch them off at any time.`,
            ],
          },
          {
            kind: 'paragraph',
            text: msg`We do not use your data for advertising, we do not build advertising profiles, and we do not make decisions about you by automated means alone that have legal or similarly significant effects. Applications and disputes are decided by people.`,
          },
        ],
      },
      {
        id: 'privacy-cookies',
        title: msg`Cookies and browser storage`,
        blocks: [
          {
            kind: 'paragraph',
            text: msg`${appName} sets one cookie: a session cookie that keeps you signed in. It is HttpOnly, so scripts on the page cannot read it, it is only sent to our own servers, and it expires after one hour or as soon as you log out. Because it is strictly necessary for signing in, it does not need your consent; without it you can still browse as a visitor.`,
          },
          {
            kind: 'paragraph',
            text: msg`We use no analytics, advertising or third-party tracking cookies.`,
          },
          {
            kind: 'paragraph',
            text: msg`The app also keeps a few items in your browser’s session storage, which is cleared when you close the tab: a copy of your sign-in token, whether you are in buyer or seller mode, a one-time message after you are signed out, the page to return to after you sign in, and which announcements you have already seen. Pulse Hub posts you write while offline are kept in your browser until they can be sent, and the app stores its own files so that it opens quickly.`,
          },
        ],
      },
      {
        id: 'privacy-sharing',
        title: msg`Who can see your data`,
        blocks: [
          {
            kind: 'list',
            items: [
              msg`Sellers you buy from see your username, the items ordered and, for deliveries, the delivery address and any directions.`,
              msg`The Pulse Agent delivering your order sees the pickup and drop-off points, your username and the contact details needed to hand it over, only while the task is open.`,
              msg`Buyers see a seller’s shop profile, farm name and region.`,
              msg`Everyone, including visitors, can read Pulse Hub posts and comments and see your username and profile picture next to them.`,
              msg`Service providers who work for us under contract: hosting, storage, e-mail and the payment provider. They may use the data only to provide their service to us.`,
              msg`Authorities, when the law requires it or to protect someone from serious harm.`,
            ],
          },
          {
            kind: 'paragraph',
            text: msg`We never sell personal data. Where a provider processes data outside your country, we use the safeguards the law requires for such transfers.`,
          },
        ],
      },
      {
        id: 'privacy-retention',
        title: msg`How long we keep it`,
        blocks: [
          {
            kind: 'list',
            items: [
              msg`Account, profile, addresses, messages and Pulse Hub content: for as long as your account is open. When you close it we delete them, or make them anonymous, within 30 days, except what we must keep for the reasons below.`,
              msg`Orders, wallet and ledger records: for as long as tax and accounting law requires, usually several years after the transaction.`,
              msg`Identity documents from applications: until the application is decided, then for no longer than needed to show that we checked them.`,
              msg`An agent’s location during a delivery: only while the delivery is in progress and for a short period afterwards to settle any dispute.`,
              msg`Session records and security logs: for a short period, measured in weeks, unless needed to investigate abuse.`,
              msg`Reports and moderation decisions: for as long as needed to handle repeat abuse and appeals.`,
            ],
          },
        ],
      },
      {
        id: 'privacy-security',
        title: msg`How we protect it`,
        blocks: [
          {
            kind: 'paragraph',
            text: msg`Connections are encrypted. Passwords are hashed with a modern, memory-hard algorithm. Sessions can be revoked by the server, so logging out or a suspension takes effect straight away. Staff access to personal data is limited to those who need it, and administrative actions are written to an audit log. If a breach puts your data at risk, we will tell you and the authorities as the law requires.`,
          },
        ],
      },
      {
        id: 'privacy-rights',
        title: msg`Your rights`,
        blocks: [
          {
            kind: 'paragraph',
            text: msg`Depending on where you live, you have the right to:`,
          },
          {
            kind: 'list',
            items: [
              msg`see the personal data we hold about you and get a copy of it;`,
              msg`have it corrected if it is wrong or incomplete;`,
              msg`have it deleted, unless we must keep it by law;`,
              msg`receive it in a portable, machine-readable format;`,
              msg`object to or ask us to restrict a particular use of it;`,
              msg`withdraw a consent you gave, such as push notifications, at any time;`,
              msg`complain to your data protection authority.`,
            ],
          },
          {
            kind: 'paragraph',
            text: msg`Much of your data can be viewed and edited in the app. For anything else, write to ${contactEmail}. We may need to confirm it is you, and we will answer within one month.`,
          },
        ],
      },
      {
        id: 'privacy-children',
        title: msg`Children`,
        blocks: [
          {
            kind: 'paragraph',
            text: msg`${appName} is for adults. We do not knowingly collect data from children, and we will delete any account we find was opened by someone under 18.`,
          },
        ],
      },
      {
        id: 'privacy-changes',
        title: msg`Changes to this policy`,
        blocks: [
          {
            kind: 'paragraph',
            text: msg`When we change how we use your data, we update this page and its date. If a change matters to you, for example a new kind of data or a new purpose, we will tell you in the app before it applies.`,
          },
        ],
      },
      {
        id: 'privacy-contact',
        title: msg`Contact`,
        blocks: [
          {
            kind: 'paragraph',
            text: msg`Questions, requests or complaints about privacy: ${contactEmail}. Please include the e-mail address of your account so we can find it quickly.`,
          },
        ],
      },
    ],
  };
}
