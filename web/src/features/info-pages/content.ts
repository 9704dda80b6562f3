// THE HOSTEL'S WORDS. Everything the About, Contact, FAQ, Terms of Service and Privacy Policy
// pages say is here and only here: edit this file to change them (plain text, no HTML; each
// string is one paragraph), then rebuild. The wording below is a sensible starting point for a
// hostel's meal service, not legal advice: have the Terms and the Privacy Policy read by
// whoever answers for the hostel, and put the hostel's real name, address and contacts in
// `hostelContact`. The Privacy Policy describes what the app really stores (docs/data-model.md):
// change it when that changes.

/** How to reach the people who run the kitchen. Shown on the Contact page and in the policies. */
export const hostelContact = {
  email: 'meals@hostelhub.example',
  phone: '+1 555 0100',
  address: 'HostelHub, reception desk, ground floor',
  hours: 'Kitchen office: Monday to Saturday, 8:00 to 20:00 (hostel time)',
};

export type InfoSection = { heading: string; paragraphs: string[] };

export type InfoPageContent = {
  /** The page's heading and document title. */
  title: string;
  /** One or two sentences under the heading. */
  summary: string;
  /** For the policies: when the text last changed (shown as written). */
  lastUpdated?: string;
  sections: InfoSection[];
};

export const aboutContent: InfoPageContent = {
  title: 'About Us',
  summary:
    'HostelHub is the hostel’s own kitchen: breakfast, lunch and dinner cooked every day for the people who stay here.',
  sections: [
    {
      heading: 'What we do',
      paragraphs: [
        'Our cooks plan a menu each week with simple, filling meals at prices that suit a student’s budget. Every meal on the site shows its ingredients, its price and what other guests thought of it.',
        'Anyone can browse the menu. Guests with an account can like meals, write reviews and, with a membership, request meals for the kitchen to prepare.',
      ],
    },
    {
      heading: 'Memberships',
      paragraphs: [
        'Silver, Gold and Platinum memberships are monthly plans paid by card. They let you request meals, like upcoming meals and, on the higher plans, request more each week and be served first. Plans renew on the 15th of each month and can be cancelled at any time from My Profile.',
      ],
    },
    {
      heading: 'Upcoming meals',
      paragraphs: [
        'Upcoming meals are dishes the kitchen is thinking of adding. Members like the ones they want, and the most liked are published to the menu.',
      ],
    },
  ],
};

export const contactContent: InfoPageContent = {
  title: 'Contact',
  summary: 'Questions about a meal, a request, your membership or a payment? The kitchen office is happy to help.',
  sections: [
    {
      heading: 'Meals and requests',
      paragraphs: [
        'For a meal you requested, ask at the kitchen counter at meal times or write to us with the meal’s name and the time of your request.',
        'Allergies and dietary needs: tell the kitchen before you eat. The ingredients on each meal’s page are what the cooks use, but the kitchen also handles nuts, gluten, milk, eggs, fish and shellfish.',
      ],
    },
    {
      heading: 'Memberships and payments',
      paragraphs: [
        'You can cancel, resume or change your plan yourself on My Profile, and see every payment in Payment History. For a refund or a charge you do not recognise, write to us with the email address of your account and the date of the payment.',
      ],
    },
  ],
};

export const faqContent: InfoPageContent = {
  title: 'FAQ',
  summary: 'Answers to what guests ask the kitchen most often.',
  sections: [
    {
      heading: 'Do I need an account to see the menu?',
      paragraphs: [
        'No. Anyone can browse meals, search them and read reviews. You need an account to like and review meals.',
      ],
    },
    {
      heading: 'How do I request a meal?',
      paragraphs: [
        'Sign in, choose a membership, then press Request Meal on the meal’s page. Your requests and their status are under Requested Meals in your dashboard; the kitchen marks a request served when it hands you the meal.',
      ],
    },
    {
      heading: 'What do the membership plans include?',
      paragraphs: [
        'Each plan lists what it includes on the home page: how many meals you may request each week, and whether your requests are served first. Prices are per month.',
      ],
    },
    {
      heading: 'When am I charged?',
      paragraphs: [
        'When you subscribe you pay for the days until the next 15th, in proportion to the monthly price. After that your card is charged on the 15th of each month until you cancel.',
      ],
    },
    {
      heading: 'How do I cancel?',
      paragraphs: [
        'On My Profile, press Cancel membership. Your plan stays until the end of the period you paid for and then does not renew. You can resume it before then.',
      ],
    },
    {
      heading: 'Can I change or withdraw a request?',
      paragraphs: [
        'Yes, while it is still pending: cancel it from Requested Meals in your dashboard and request again if you wish.',
      ],
    },
    {
      heading: 'I have an allergy. Is the food safe for me?',
      paragraphs: [
        'Check the ingredients on the meal’s page and always tell the kitchen staff before you eat: our kitchen is shared, so we cannot promise that a meal is free of any allergen.',
      ],
    },
  ],
};

export const termsContent: InfoPageContent = {
  title: 'Terms of Service',
  summary:
    'The rules for using HostelHub and for buying a membership. By creating an account or subscribing you accept them.',
  lastUpdated: '23 November 2026',
  sections: [
    {
      heading: 'Your account',
      paragraphs: [
        'Keep your password to yourself; you are responsible for what is done with your account. Use your real name, as the kitchen uses it to hand over meals. We may suspend an account that is used to abuse the service or other guests.',
      ],
    },
    {
      heading: 'Memberships and payment',
      paragraphs: [
        'A membership is a monthly subscription paid by card through our payment provider, Stripe. Prices are shown before you pay, plus VAT where it applies. The first payment covers the days until the next 15th of the month, in proportion to the monthly price; after that the full monthly price is charged on the 15th of each month until you cancel.',
        'You can cancel at any time on My Profile: the membership then runs to the end of the period already paid and is not renewed. If a renewal payment fails, we try again for a few days; if it still fails the membership ends.',
        'When you change plan, My Profile shows what the change costs for the rest of the month before you confirm it. Refunds for a period already started are at the hostel’s discretion, except where the law says otherwise.',
      ],
    },
    {
      heading: 'Meal requests',
      paragraphs: [
        'A request asks the kitchen to prepare a meal for you; it is not a guarantee that the meal is available at that moment. Each plan allows a number of requests per week.',
      ],
    },
    {
      heading: 'Reviews and what you post',
      paragraphs: [
        'Reviews are shown publicly with your name and profile picture. Be honest and polite: the hostel may remove reviews that are offensive, unlawful or not about the meal.',
      ],
    },
    {
      heading: 'Food and allergies',
      paragraphs: [
        'Meals are prepared in a shared kitchen. The ingredients listed are a guide: tell the staff about any allergy or dietary need before eating.',
      ],
    },
    {
      heading: 'Changes to these terms',
      paragraphs: [
        'We may change these terms; the date above shows the last change. For a change that affects a paid membership we tell members before it applies.',
      ],
    },
  ],
};

export const privacyContent: InfoPageContent = {
  title: 'Privacy Policy',
  summary: 'What HostelHub keeps about you, why, who else sees it, and how to have it corrected or deleted.',
  lastUpdated: '23 November 2026',
  sections: [
    {
      heading: 'Your account',
      paragraphs: [
        'When you register we keep your name, your email address and, if you give one or sign in with Google or Facebook, the address of your profile picture. We also keep your role (student or admin), your badge and when the account was created.',
        'Sign-in is handled by Firebase Authentication (Google), which keeps your email address and a secure hash of your password, or the link to your Google or Facebook account. We never see your password.',
      ],
    },
    {
      heading: 'Payments',
      paragraphs: [
        'Card payments are handled by Stripe. Your card number is entered into Stripe’s own form and goes straight to Stripe: HostelHub never receives or stores it.',
        'We keep your Stripe customer and subscription references, your membership (plan, status, renewal date, whether it is set to end), a record of each payment (plan, amount, currency, tax, date, status and your email address), which you can see in Payment History, and when your membership started, changed plan or ended, which the hostel’s managers see only as counts of members. Stripe keeps its own records of the payments under its privacy policy.',
      ],
    },
    {
      heading: 'Meals, requests, likes and reviews',
      paragraphs: [
        'We keep the meals you request, with your name and email address, so the kitchen can prepare and hand them over; and the meals you like.',
        'Reviews are public: anyone can read a review with your name and profile picture. Your email address is never shown with a review.',
        'We keep notifications about your requests and your membership so you can read them in the site’s bell.',
      ],
    },
    {
      heading: 'Kept in your browser',
      paragraphs: [
        'The site keeps a sign-in token and a note that you are signed in in your browser’s local storage, so you stay signed in between visits. Signing out removes them. We use no advertising or tracking cookies.',
      ],
    },
    {
      heading: 'Protecting the service',
      paragraphs: [
        'To stop abuse we count requests per account or per network address for a few minutes; the counter stores only a one-way hash of the account or address and is deleted automatically. Where it is switched on, Firebase App Check (with Google reCAPTCHA) checks that requests come from our site.',
      ],
    },
    {
      heading: 'Where it is kept, and for how long',
      paragraphs: [
        'Your data is stored in Google Firebase (Firestore and Authentication). We keep it while your account exists. When you close your account, your name, email, picture and what you wrote are removed; payment records, and the counts of meals, likes and ratings, stay under an anonymous id with no name or email, as long as the law requires for accounting.',
      ],
    },
    {
      heading: 'Your rights',
      paragraphs: [
        'You can change your name and picture yourself. On My Profile, under Your data, you can download a copy of everything we keep about you and close your account yourself. To have your data corrected, or if you cannot sign in, write to the kitchen office from the email address of your account. We answer within 30 days.',
      ],
    },
  ],
};
