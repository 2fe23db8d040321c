export interface FaqItem {
  id: string;
  question: string;
  answer: string;
}

export interface FaqGroup {
  title: string;
  items: FaqItem[];
}

export const FAQ_GROUPS: FaqGroup[] = [
  {
    title: 'Payments & Billing',
    items: [
      {
        id: 'payment-methods',
        question: 'Which payment methods do you accept?',
        answer:
          'We accept all major credit and debit cards through our secure card payment provider. Your card details never touch our servers.',
      },
      {
        id: 'currency',
        question: 'In which currency are prices shown?',
        answer: 'All prices are shown and charged in USD.',
      },
      {
        id: 'refunds',
        question: 'Can I get a refund?',
        answer:
          'Because digital assets are delivered instantly, refunds are given only for technical delivery failure or duplicate purchases. Contact support with your order number and we will sort it out.',
      },
      {
        id: 'coupons',
        question: 'How do discount coupons work?',
        answer:
          'Enter your code in the coupon box on the cart page and press Apply Code. The discount is a percentage of your subtotal.',
      },
    ],
  },
  {
    title: 'Downloads & Delivery',
    items: [
      {
        id: 'download-when',
        question: 'When can I download my purchase?',
        answer:
          'Immediately. As soon as your payment is confirmed, your files appear under My Downloads in your account.',
      },
      {
        id: 'download-expiry',
        question: 'Do my downloads expire?',
        answer:
          'No, your downloads never expire. You can come back to My Downloads and fetch your files again whenever you need them.',
      },
      {
        id: 'download-failed',
        question: 'What if a download fails?',
        answer:
          'Try again from My Downloads. If the problem persists, contact support and we will deliver the file another way.',
      },
    ],
  },
  {
    title: 'Licensing & Usage',
    items: [
      {
        id: 'commercial-use',
        question: 'Can I use assets in commercial projects?',
        answer:
          'Yes. Your licence covers personal and commercial projects, such as client work, products and marketing.',
      },
      {
        id: 'resale',
        question: 'Can I resell or share the files?',
        answer:
          'No. You may not resell, redistribute or share the original files. The creator keeps the copyright.',
      },
      {
        id: 'selling',
        question: 'Can I sell my own assets here?',
        answer:
          'Yes. Creators can submit a seller application through our support team; we review every application and listing.',
      },
    ],
  },
  {
    title: 'Account & Support',
    items: [
      {
        id: 'verify-email',
        question: 'Why do I need to verify my e-mail?',
        answer:
          'Verification protects your account and makes sure order confirmations reach you. Click the link in the e-mail we send after sign-up.',
      },
      {
        id: 'reset-password',
        question: 'I forgot my password. What now?',
        answer:
          'Use the Forgot password? link on the login page. We will e-mail you a reset link, which expires in 1 hour.',
      },
      {
        id: 'age',
        question: 'Is there a minimum age?',
        answer: 'Yes. You must be at least 18 years old to create an account.',
      },
      {
        id: 'contact-support',
        question: 'How do I contact support?',
        answer:
          'Our support team is available 24/7 by e-mail or WhatsApp. Visit the Support page for all the ways to reach us.',
      },
    ],
  },
];

/** Groups keeping only the items whose question or answer contains the query. */
export function filterFaqs(groups: FaqGroup[], query: string): FaqGroup[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return groups;
  return groups
    .map((group) => ({
      ...group,
      items: group.items.filter(({ question, answer }) =>
        `${question} ${answer}`.toLowerCase().includes(needle),
      ),
    }))
    .filter((group) => group.items.length > 0);
}
