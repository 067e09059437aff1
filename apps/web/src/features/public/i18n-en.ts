import type { publicZhCN } from './i18n-zh-cn.ts';

export const publicEn: typeof publicZhCN = {
  public: {
    nav: {
      label: 'Site navigation',
      home: 'Home',
      products: 'Products',
      design: 'Design tool',
      vip: 'Membership',
      advantage: 'Why us',
      aboutUs: 'About us',
      help: 'Help',
    },
    footer: {
      tagline: 'Sourcing, design, listing and fulfilment for cross-border sellers.',
      privacy: 'Privacy policy',
      rights: 'All rights reserved.',
    },
    home: {
      title: 'From product to parcel, one back-office',
      subtitle:
        'A shared product library, online design, multi-marketplace listing, orders and FBA shipments in one place, so your team spends its time on the business.',
      start: 'Start free',
      explore: 'Browse products',
      features: [
        {
          title: 'Shared library',
          text: 'Blank parent products and finished designs, kept in private and shared libraries.',
        },
        {
          title: 'Online design',
          text: 'Design on the blank product and save a finished product ready to list.',
        },
        {
          title: 'Multi-marketplace listing',
          text: 'Publish, take down and batch-edit on Amazon, Shopify, Temu and Shopee.',
        },
        {
          title: 'Orders and logistics',
          text: 'Sync orders, then split, ship, print labels and fill customs data.',
        },
        {
          title: 'FBA and inventory',
          text: 'Create FBA shipments and follow stock in transit and on hand.',
        },
        {
          title: 'Teamwork',
          text: 'Sub-accounts, groups and permissions for the owner and the staff.',
        },
      ],
    },
    products: {
      title: 'Product library',
      subtitle:
        'Blank parent products kept by the platform. Find them by category, cost and keyword; log in to add one to your private finished library and start designing.',
      from: 'from ¥{{amount}}',
      total: '{{total}} products',
      totalMore: 'More than {{total}} products',
      empty: 'No products match these filters',
      emptyHint: 'Try another keyword or clear the filters',
      clearFilters: 'Clear filters',
      loadFailed: 'Could not load the products',
    },
    design: {
      title: 'Design tool',
      subtitle:
        'Place artwork and text on a blank product, preview it live and save it as a product ready to list.',
      steps: [
        {
          title: 'Pick a blank',
          text: 'Choose the product and colour to design from the parent library.',
        },
        {
          title: 'Add artwork',
          text: 'Use images from your material library or upload your own design.',
        },
        {
          title: 'Save the product',
          text: 'Mock-ups and SKUs are generated into your private finished library.',
        },
      ],
      cta: 'Log in to start designing',
    },
    vip: {
      title: 'Membership levels',
      subtitle:
        'Your level sets the services and quotas you get; levels are bought from your account balance.',
      items: [
        {
          title: 'Higher quotas',
          text: 'More store authorisations, listings and image processing.',
        },
        { title: 'Fulfilment discounts', text: 'Higher levels pay less for platform fulfilment.' },
        { title: 'Priority support', text: 'Questions from higher levels are answered first.' },
      ],
      note: 'Levels are paid from your account balance; renewing before expiry adds to the current term.',
      levels: {
        title: 'Choose a level',
        loadFailed: 'The member levels cannot be loaded right now; please try again later.',
        current: 'Your level',
        per: '/ {{days}} days',
        free: 'Free',
        discount: '{{percent}}% off platform purchases',
        noDiscount: 'Standard platform prices',
        buy: 'Buy',
        recharge: 'Short of balance? Recharge',
        renew: 'Renew',
        blocked: { free: 'Included with every account', lower: 'Your current level is higher' },
        payFor: '{{level}}, {{days}} days',
        bought: '{{level}} level activated',
        boughtDetail: 'You are now {{level}} until {{date}}; your balance is ¥{{balance}}.',
      },
    },
    advantage: {
      title: 'Why sellers choose us',
      subtitle: 'Built around the daily work of cross-border teams.',
      items: [
        { title: 'Every marketplace, one screen', text: 'Stop switching between seller centrals.' },
        {
          title: 'Print on demand',
          text: 'Products are made after they sell, so stock does not pile up.',
        },
        {
          title: 'Isolated data',
          text: 'Each seller’s data is separate; staff see only what they are granted.',
        },
        {
          title: 'Secure by default',
          text: 'Salted password hashes, and rate limits on logins and codes.',
        },
      ],
    },
    about: {
      title: 'About us',
      paragraphs: [
        'We are a team serving cross-border e-commerce sellers, focused on print on demand and multi-marketplace operations.',
        'This back-office links sourcing, design, listing, orders and fulfilment, so small teams can sell worldwide at lower cost.',
        'For partnerships or suggestions, reach us through the help center.',
      ],
    },
    help: {
      title: 'Help center',
      subtitle: 'From authorizing a store to shipping, FBA and bills: search your question',
      search: 'Search',
      searchPlaceholder: 'Keywords, e.g. authorize, FBA, top up',
      categories: 'Categories',
      all: 'All articles',
      results: 'Articles about "{{keyword}}": {{count}}',
      noResults: 'No article found: try other words',
      loadFailed: 'Help articles could not be loaded, please try again',
      notFound: 'This article does not exist or was taken down',
      back: 'Back to the help center',
      helpful: 'Was this article helpful?',
      yes: 'Yes {{count}}',
      no: 'No {{count}}',
      thanks: 'Thanks for the feedback',
      signInToVote: 'Sign in to give feedback',
      readArticle: 'Read the help',
    },
    privacy: {
      title: 'Privacy policy',
      updated: 'This policy explains what we collect, how we use it and how we protect it.',
      sections: [
        {
          title: 'What we collect',
          text: 'The name, e-mail and mobile number needed to sign up and log in; store details you authorise; and login records (time and IP) kept for security.',
        },
        {
          title: 'How we use it',
          text: 'Only to run and improve the service, keep your account safe and send the codes and notices you request. We never sell personal data.',
        },
        {
          title: 'Storage and security',
          text: 'Passwords are stored as salted hashes and login tokens only as digests; every seller’s data is kept apart.',
        },
        {
          title: 'Cookies and local storage',
          text: 'The browser keeps your login token and interface preferences such as language; logging out removes the token.',
        },
        {
          title: 'Your rights',
          text: 'View and change your details in your profile at any time, or contact us to close your account.',
        },
      ],
    },
    productDetail: {
      back: 'Back to the product library',
      notFound: 'Product not found',
      notFoundHint: 'It may have been withdrawn, or the link is wrong.',
      missingId: 'No product id in the link',
      loadFailed: 'Could not load the product',
      from: 'from ¥{{amount}}',
      colors: 'Colours',
      sizes: 'Sizes',
      design: 'Design it',
      addToLibrary: 'Add to private finished library',
      favourite: 'Favourite',
      loginHint:
        'Log in to add products to your private finished library, favourite and design them',
    },
  },
};
