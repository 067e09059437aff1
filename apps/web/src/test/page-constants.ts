/** The captcha answer page tests type; the test server accepts it (DEV_CAPTCHA_ANSWER). */
export const PAGE_TEST_CAPTCHA = 'page-test';

/** Seeded by the server on an empty embedded database. */
export const DEMO = { email: 'demo@example.com', password: 'Demo@123456', name: 'Demo Boss' };
