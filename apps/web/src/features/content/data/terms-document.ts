import { msg } from '@lingui/core/macro';
import type { LegalDocument } from './legal-document-types';
import { LEGAL_LAST_UPDATED } from './legal-dates';

export function buildTermsDocument(appName: string, contactEmail: string): LegalDocument {
  return {
    title: msg`Terms of Service`,
    lastUpdated: LEGAL_LAST_UPDATED,
    summary: [
      msg`${appName} is a marketplace: you buy from independent farms and growers, not from us.`,
      msg`Your payment is held in escrow and only released to the seller once your order is completed.`,
      msg`Sellers must describe produce honestly and handle food safely; listings that break these rules are removed.`,
      msg`Deliveries are made by independent Pulse Agents, who confirm hand-over with your confirmation code.`,
      msg`Be kind on Pulse Hub. Report anything that looks like spam, a scam or abuse and our team will review it.`,
    ],
    sections: [
      {
        id: 'terms-about',
        title: msg`About these terms`,
        blocks: [
          {
            kind: 'paragraph',
            text: msg`These terms govern your use of ${appName}, an online marketplace where farms, growers and makers of nature products (sellers) offer produce to the public (buyers), where independent Pulse Agents deliver orders and introduce new members, and where members share posts on the Pulse Hub community feed.`,
          },
          {
            kind: 'paragraph',
            text: msg`By creating an account or placing an order you agree to these terms and to our Privacy Policy. If you do not agree, please do not use ${appName}. When we say "we" or "us" we mean the operator of ${appName}; "you" means the person using it.`,
          },
        ],
      },
      {
        id: 'terms-accounts',
        title: msg`Your account`,
        blocks: [
          {
            kind: 'list',
            items: [
              msg`You must be at least 18 years old, or the age of legal majority where you live if that is higher, to hold an account.`,
              msg`Give accurate details and keep them up to date. One account per person; business accounts must be opened by someone entitled to act for the business.`,
              msg`Keep your password to yourself. You are responsible for what happens under your account until you tell us it has been compromised.`,
              msg`Every account can buy. Selling needs an approved seller application, and delivery or referral work needs an approved Pulse Agent application. You can switch between buyer and seller mode at any time once approved.`,
              msg`For your security, a sign-in lasts one hour and ends at once when you log out.`,
            ],
          },
        ],
      },
      {
        id: 'terms-buying',
        title: msg`Buying produce`,
        blocks: [
          {
            kind: 'paragraph',
            text: msg`Each listing is an offer by the seller named on it. When you check out, your basket is split into one order per seller, and the contract of sale is between you and that seller. ${appName} provides the marketplace, the payment and escrow service and the delivery network, but it is not the seller of the goods.`,
          },
          {
            kind: 'list',
            items: [
              msg`Prices, delivery fees and totals are calculated by our servers at checkout and shown to you before you pay. The amount shown at payment is the amount charged.`,
              msg`Stock is reserved for you when your order is created. If you do not complete payment within the time shown, the reservation is released and the order lapses.`,
              msg`Produce sold by weight may be weighed again before dispatch. If the final weight is lower, the difference is returned to your wallet; you are never charged more than you agreed to pay.`,
              msg`Fresh produce varies naturally in size, colour and shape. Photos show typical examples, not the exact item you will receive.`,
            ],
          },
        ],
      },
      {
        id: 'terms-seller-obligations',
        title: msg`Seller obligations`,
        blocks: [
          {
            kind: 'paragraph',
            text: msg`Sellers join through an application that we review before approval. We may ask for identification, details of the farm or workshop and payout details, and we may decline or later withdraw approval where these terms are not met.`,
          },
          {
            kind: 'list',
            items: [
              msg`Sell only what you grow, raise, gather or make yourself, or what you are lawfully entitled to sell.`,
              msg`Describe every listing truthfully: the product, its unit, its origin, its harvest date and any organic claim. Use the organic label only if you hold the certification your local rules require.`,
              msg`Keep stock levels current and fulfil every order you accept, within the slot the buyer chose. If you cannot, cancel promptly so the buyer is refunded.`,
              msg`Hold the registrations, permits and licences your activity requires, and keep your own records for tax purposes.`,
              msg`Keep sales on ${appName} once a buyer has found you here. Moving an order off the platform to avoid fees removes the buyer's escrow protection and is not allowed.`,
              msg`Answer buyer messages and refund requests within a reasonable time.`,
            ],
          },
        ],
      },
      {
        id: 'terms-food-safety',
        title: msg`Food safety`,
        blocks: [
          {
            kind: 'paragraph',
            text: msg`Food and plants reach real kitchens and gardens, so sellers are responsible for the safety of what they sell and must follow the food hygiene law that applies where they produce and sell.`,
          },
          {
            kind: 'list',
            items: [
              msg`Harvest, store and pack produce hygienically, and keep chilled goods such as dairy, eggs, meat and fish at safe temperatures until hand-over.`,
              msg`State known allergens and any processing (for example raw milk, smoked fish or home-made preserves) in the listing.`,
              msg`Do not list anything that is unsafe, past its use-by date, recalled, or restricted where you sell it, including protected wild plants and animals, and seeds or plants under quarantine.`,
              msg`If you learn that something you sold may be unsafe, tell us and the affected buyers straight away.`,
            ],
          },
          {
            kind: 'paragraph',
            text: msg`Buyers should check their order on arrival, refrigerate perishable items promptly and follow any storage or preparation advice in the listing. We may remove a listing or suspend a seller at once when food safety is at stake.`,
          },
        ],
      },
      {
        id: 'terms-payments-wallet',
        title: msg`Payments and wallet`,
        blocks: [
          {
            kind: 'paragraph',
            text: msg`Each account has a wallet. Buyers top it up through our payment provider and pay for orders from it; sellers and agents receive their earnings into it and can request a payout to their registered account. Tips on Pulse Hub move money from one wallet to another.`,
          },
          {
            kind: 'list',
            items: [
              msg`Amounts are shown in the currency of this marketplace. Your wallet balance is not a bank deposit and earns no interest.`,
              msg`Card and bank details are handled by the payment provider; we do not store full card numbers.`,
              msg`Payouts are made to an account in the name of the seller or agent. We may hold a payout while we check a suspected error, a dispute or fraud.`,
              msg`Sellers pay ${appName} a commission on each completed order. The current commission is shown before a seller's application is submitted and before any change takes effect.`,
              msg`Every movement of money is recorded in your wallet history, which you can view at any time.`,
            ],
          },
        ],
      },
      {
        id: 'terms-escrow',
        title: msg`Escrow`,
        blocks: [
          {
            kind: 'paragraph',
            text: msg`When you pay for an order, the money leaves your available balance and is held in escrow. The seller can see that the order is paid, but cannot spend the money yet.`,
          },
          {
            kind: 'list',
            items: [
              msg`Escrow is released when the order is completed: when you confirm receipt, or automatically a set number of days after delivery if you have not raised a problem.`,
              msg`On release, the seller receives the price less the commission, and the delivering agent receives the delivery fee.`,
              msg`If an order is cancelled or a refund is approved, the money in escrow goes back to your wallet.`,
            ],
          },
        ],
      },
      {
        id: 'terms-refunds',
        title: msg`Cancellations and refunds`,
        blocks: [
          {
            kind: 'list',
            items: [
              msg`You can cancel an order until it has been dispatched or handed to an agent. The full amount is returned to your wallet.`,
              msg`If produce arrives damaged, spoiled, wrong or short, request a refund from the order page soon after delivery and before the order completes. Describe the problem and add photos where you can.`,
              msg`The seller can accept the request or respond to it. Where you cannot agree, our team reviews the order, the messages and the delivery record and decides. We aim to be fair to both sides.`,
              msg`Approved refunds are paid to your wallet. The status of every request is listed in your refunds history.`,
              msg`Perishable goods cannot be returned for a change of mind once delivered in good condition.`,
            ],
          },
          {
            kind: 'paragraph',
            text: msg`Nothing in this section limits any rights you have under consumer protection law where you live.`,
          },
        ],
      },
      {
        id: 'terms-delivery',
        title: msg`Delivery by Pulse Agents`,
        blocks: [
          {
            kind: 'paragraph',
            text: msg`At checkout you choose to collect from the farm or to have the order delivered to a saved address by a Pulse Agent. Pulse Agents are independent people approved by us; they are not our employees.`,
          },
          {
            kind: 'list',
            items: [
              msg`Delivery fees depend on distance and are shown before you pay.`,
              msg`You will receive a confirmation code for each delivered order. Give it to the agent only once you have the goods in hand; entering the code records the delivery.`,
              msg`If nobody can receive the order, the agent records a failed attempt with a reason and we will contact you about a new attempt or a refund.`,
              msg`Responsibility for the goods passes to you when you or someone at your address receives them, or when you collect them from the farm.`,
              msg`Agents must handle orders carefully, keep chilled goods cool where the seller has packed them for it, and treat buyers and sellers with respect. While an order is in transit the agent may share their location so you can follow it.`,
            ],
          },
        ],
      },
      {
        id: 'terms-pulse-agents',
        title: msg`Pulse Agents programme`,
        blocks: [
          {
            kind: 'paragraph',
            text: msg`Delivery agents earn the delivery fee of each completed delivery. Referral agents receive a personal code; when new members sign up with it, the agent earns a share of our commission on their first orders. Earnings are paid into the agent wallet on completion of the order concerned.`,
          },
          {
            kind: 'paragraph',
            text: msg`Referral codes must be shared honestly. Creating accounts for yourself, paying people to sign up or misleading anyone about the marketplace ends your participation and forfeits the earnings concerned.`,
          },
        ],
      },
      {
        id: 'terms-pulse-hub',
        title: msg`Pulse Hub content and reports`,
        blocks: [
          {
            kind: 'paragraph',
            text: msg`You keep the rights to what you post on Pulse Hub. By posting, you allow ${appName} to host, display and share it within the service, including with products you link to it, for as long as it stays online.`,
          },
          {
            kind: 'list',
            items: [
              msg`Post only content you have the right to share, and only photos of people who are happy to appear.`,
              msg`No spam, scams, hate, harassment, threats, sexual content, or misleading health claims about food.`,
              msg`Tips are voluntary gifts to the author and cannot be refunded once sent, except where the tip was made by mistake or through fraud.`,
              msg`Anyone can report a post or comment as spam, a scam, offensive or something else, with a short comment. Our moderators review reports and may hide content, warn the author, or suspend repeat offenders.`,
              msg`If your content was hidden and you think that was a mistake, contact us and we will look at it again.`,
            ],
          },
        ],
      },
      {
        id: 'terms-assistant',
        title: msg`Pulse Assistant`,
        blocks: [
          {
            kind: 'paragraph',
            text: msg`Pulse Assistant helps you find produce, follow orders and understand how the marketplace works. It answers from the same live data you see in the app, but it can still make mistakes. The order page, your wallet and these terms are always the authoritative record.`,
          },
        ],
      },
      {
        id: 'terms-prohibited',
        title: msg`Things you must not do`,
        blocks: [
          {
            kind: 'list',
            items: [
              msg`Break the law, or help anyone else to, through the marketplace.`,
              msg`Pretend to be someone else, or open accounts to get around a suspension.`,
              msg`Manipulate prices, reviews, reports or referrals.`,
              msg`Collect other members’ data, scrape the service, or interfere with its security or operation.`,
              msg`Use the messaging system to advertise, harass, or arrange payment outside the platform.`,
            ],
          },
        ],
      },
      {
        id: 'terms-liability',
        title: msg`Liability`,
        blocks: [
          {
            kind: 'paragraph',
            text: msg`We work hard to keep the marketplace running, safe and accurate, but we provide it as it is and cannot promise that it will always be available or free of errors. Sellers are responsible for their produce and their listings; agents for the care of the orders they carry.`,
          },
          {
            kind: 'paragraph',
            text: msg`To the extent the law allows, ${appName} is not liable for indirect or consequential loss, such as lost profits, and our total liability to you for any claim is limited to the fees we received in connection with the order concerned. Nothing in these terms limits liability for death or personal injury caused by negligence, for fraud, or for anything else that cannot be limited by law.`,
          },
        ],
      },
      {
        id: 'terms-suspension',
        title: msg`Suspension and closing your account`,
        blocks: [
          {
            kind: 'paragraph',
            text: msg`You may close your account at any time once your open orders are finished and your wallet is empty or paid out. We may suspend or close an account that breaks these terms, puts others at risk or is used for fraud. Suspension ends all active sessions at once. Where we can, we will tell you why and how to appeal.`,
          },
        ],
      },
      {
        id: 'terms-changes',
        title: msg`Changes to these terms`,
        blocks: [
          {
            kind: 'paragraph',
            text: msg`We may update these terms as the marketplace grows. The date at the top shows the latest version. For significant changes we will tell you in the app before they take effect; continuing to use the service after that means you accept the new terms.`,
          },
        ],
      },
      {
        id: 'terms-contact',
        title: msg`Contact`,
        blocks: [
          {
            kind: 'paragraph',
            text: msg`Questions about these terms, a complaint, or a legal notice: write to ${contactEmail}. For help with a specific order, message the seller from the order page first; they can usually solve it fastest.`,
          },
        ],
      },
    ],
  };
}
